// "Set rate from a date" for admins (decision 080's API, decision 085's screen): the rate and the day it applies
// from (today or earlier, on the company's calendar). The preview comes first and says what the change will do —
// from today it takes effect now and earlier time keeps its cost; from a past day it re-prices the entries that
// started since — and only then can it be confirmed. Changing the rate or the day asks for the preview again.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type TLaborRateChange,
  type TLaborRatePreview,
  type TLaborRateSet,
  ZLaborRateChangeSchema,
} from '#common/schemas/labor-rates.ts';
import type { TCompanyUser } from '#common/schemas/users.ts';
import { DateField } from '../../components/date-field.tsx';
import { FormFooter } from '../../components/form-footer.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { formatMoney } from '../../lib/format-money.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { previewLaborRate, setLaborRate } from './api.ts';

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** What the change does, in words: the preview before it, the result after. */
function effectOf(result: TLaborRatePreview, fromToday: boolean, done: boolean): string {
  if (fromToday) {
    return `${done ? 'Takes' : 'It takes'} effect now: earlier time keeps its cost (re-prices ${entries(result.entries)}).`;
  }
  return done
    ? `Re-priced ${entries(result.entries)} at ${formatMoney(result.rate)}/h.`
    : `Re-prices ${entries(result.entries)}: the time they record is costed at ${formatMoney(result.rate)}/h.`;
}

export function SetRateDialog({ user, onClose }: { user: TCompanyUser | null; onClose: () => void }) {
  // A fresh form for each person opened.
  return user ? <SetRateForm key={user.id} user={user} onClose={onClose} /> : null;
}

function SetRateForm({ user, onClose }: { user: TCompanyUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  const clock = useCompanyClock();
  const today = clock.today();
  const name = `${user.firstName} ${user.lastName}`;
  const form = useContractForm<{ rate: string; effectiveFrom: string }, TLaborRateChange>({
    schema: ZLaborRateChangeSchema,
    initialValues: { rate: user.burdenedLaborRate, effectiveFrom: today },
    // The rate goes as decimal text, as typed (decision 080: never a float).
    toBody: (values) => ({ rate: values.rate.trim(), effectiveFrom: values.effectiveFrom }),
  });
  // The preview answers for the body it was asked with; once the rate or the day changes it no longer does.
  const [preview, setPreview] = useState<{ key: string; result: TLaborRatePreview } | null>(null);
  const [done, setDone] = useState<TLaborRateSet | null>(null);
  const body = form.getTransformedValues();
  const key = JSON.stringify(body);
  const previewed = preview?.key === key ? preview.result : null;
  const fromToday = body.effectiveFrom === today;

  const ask = useMutation({
    mutationFn: (change: TLaborRateChange) => previewLaborRate(user.id, change),
    onSuccess: (result, change) => setPreview({ key: JSON.stringify(change), result }),
    onError: form.showFailure,
  });
  const set = useMutation({
    mutationFn: (change: TLaborRateChange) => setLaborRate(user.id, change),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      setDone(result);
      toast('success', {
        title: 'Rate set',
        message: `${name}: ${formatMoney(result.rate)}/h from ${clock.calendarDate(body.effectiveFrom)}.`,
      });
    },
    onError: form.showFailure,
  });

  return (
    <Modal opened onClose={onClose} title={`Set rate for ${name}`}>
      {done ? (
        <Stack>
          <Alert
            color="green"
            role="status"
            title={`${formatMoney(done.rate)}/h from ${clock.calendarDate(body.effectiveFrom)}`}
          >
            {effectOf(done, fromToday, true)}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={form.onSubmit((change) => (previewed ? set.mutate(change) : ask.mutate(change)))}
          noValidate
          aria-label="Set rate from a date"
        >
          <Stack>
            <Text size="sm" c="dimmed">
              The burdened labor rate from a day on. Time entries are costed at the rate in force when they
              started.
            </Text>
            <TextInput
              label="Rate per hour"
              required
              inputMode="decimal"
              autoComplete="off"
              {...form.getInputProps('rate')}
            />
            <DateField
              label="Effective from"
              required
              max="today"
              value={form.values.effectiveFrom}
              onChange={(d) => form.setFieldValue('effectiveFrom', d)}
              error={form.errorOf('effectiveFrom')}
            />
            {previewed ? (
              <Alert color={fromToday || previewed.entries === 0 ? 'blue' : 'yellow'} role="status">
                {effectOf(previewed, fromToday, false)}
              </Alert>
            ) : null}
            <FormFooter
              error={form.formError}
              onCancel={onClose}
              submitLabel={previewed ? 'Confirm' : 'Preview'}
              pending={ask.isPending || set.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
