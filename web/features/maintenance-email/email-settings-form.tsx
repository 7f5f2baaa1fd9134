// The e-mail settings form: recipients (the company's people and outside addresses), when "due soon" goes, how often
// an overdue PM is repeated, breakdown alerts and the daily digest, checked with the contract the server checks
// (common/schemas/maintenance-email.ts). Save shows a toast; "Send test e-mail" says to whom it went.
import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MAINTENANCE_EMAIL_MESSAGES as M,
  REMINDER_DAYS_MAX,
  type TMaintenanceEmailSettings,
  type TMaintenanceEmailSettingsInput,
  ZMaintenanceEmailSettingsInputSchema,
} from '#common/schemas/maintenance-email.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { FORM_ERROR } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { emailSettingsKey, saveEmailSettings, sendTestEmail } from './api.ts';

interface TValues extends Record<string, unknown> {
  userIds: string[];
  emails: string[];
  daysBefore: number;
  overdueEveryDays: number;
  breakdownAlerts: boolean;
  dailyDigest: boolean;
  /** The Select's value: "7" for 07:00. */
  digestHour: string;
}

const HOURS = Array.from({ length: 24 }, (_, h) => ({
  value: String(h),
  label: `${String(h).padStart(2, '0')}:00`,
}));

const valuesOf = (s: TMaintenanceEmailSettings): TValues => ({
  userIds: s.userIds,
  emails: s.emails,
  daysBefore: s.daysBefore,
  overdueEveryDays: s.overdueEveryDays,
  breakdownAlerts: s.breakdownAlerts,
  dailyDigest: s.dailyDigest,
  digestHour: String(s.digestHour),
});

/** A cleared number input gives "" — sent as NaN, which the contract calls required rather than a silent 0. */
const numberOf = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

/** The form, from the first answer only: a background refetch must not wipe what the admin is choosing. */
export function EmailSettingsForm({ saved }: { saved: TMaintenanceEmailSettings }) {
  const client = useQueryClient();
  const [sentTo, setSentTo] = useState<string[] | null>(null);
  const form = useContractForm<TValues, TMaintenanceEmailSettingsInput>({
    schema: ZMaintenanceEmailSettingsInputSchema,
    initialValues: valuesOf(saved),
    toBody: (v) => ({ ...v, digestHour: Number(v.digestHour) }),
  });
  const save = useMutation({
    mutationFn: saveEmailSettings,
    onSuccess: (answer) => {
      client.setQueryData(emailSettingsKey, answer);
      form.setValues(valuesOf(answer));
      form.resetDirty(valuesOf(answer));
      toast('success', { title: M.saved, message: 'Reminders follow these settings from the next check.' });
    },
    onError: (failure) => {
      const { [FORM_ERROR]: message } = form.showFailure(failure);
      if (message) toast('error', { title: 'E-mail settings not saved', message });
    },
  });
  const test = useMutation({
    mutationFn: sendTestEmail,
    onSuccess: ({ sentTo: to }) => {
      setSentTo(to);
      toast('success', { title: 'Test e-mail sent', message: M.testSent(to) });
    },
    onError: (failure) => {
      setSentTo(null);
      const { [FORM_ERROR]: message } = form.showFailure(failure);
      toast('error', { title: 'Test e-mail not sent', message: message ?? 'Try again in a moment.' });
    },
  });
  const people = saved.people.map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }));
  const dirty = form.isDirty();

  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label="Maintenance e-mail settings"
    >
      <Stack>
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Recipients
          </Title>
          <Stack gap="sm">
            <MultiSelect
              label="People"
              description="Mail goes to the address of their account."
              placeholder={form.values.userIds.length ? undefined : 'Choose people'}
              data={people}
              searchable
              clearable
              nothingFoundMessage="Nobody of that name"
              {...form.getInputProps('userIds')}
            />
            <TagsInput
              label="Outside addresses"
              description="A contractor or a shared mailbox. Press Enter after each address."
              placeholder={form.values.emails.length ? undefined : 'name@example.com'}
              clearable
              {...form.getInputProps('emails')}
            />
          </Stack>
        </Card>
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Reminders
          </Title>
          <Stack gap="sm">
            <Group grow align="flex-start" wrap="wrap">
              <NumberInput
                label="Days before due"
                description="When “due soon” is sent; a plan’s longer lead time wins."
                min={0}
                max={REMINDER_DAYS_MAX}
                clampBehavior="none"
                allowDecimal={false}
                miw={200}
                value={form.values.daysBefore}
                onChange={(v) => form.setFieldValue('daysBefore', numberOf(v))}
                error={form.errorOf('daysBefore')}
              />
              <NumberInput
                label="Overdue reminders every (days)"
                description="0 sends one overdue reminder only."
                min={0}
                max={REMINDER_DAYS_MAX}
                clampBehavior="none"
                allowDecimal={false}
                miw={200}
                value={form.values.overdueEveryDays}
                onChange={(v) => form.setFieldValue('overdueEveryDays', numberOf(v))}
                error={form.errorOf('overdueEveryDays')}
              />
            </Group>
            <Switch
              label="Breakdown alerts"
              description={`An e-mail as soon as a breakdown is reported. ${breakdownAlertsWho(form.values, saved)}`}
              {...form.getInputProps('breakdownAlerts', { type: 'checkbox' })}
            />
            <Switch
              label="Daily digest"
              description="One e-mail a day with what is overdue, due and broken down (none on a day with nothing)."
              {...form.getInputProps('dailyDigest', { type: 'checkbox' })}
            />
            {form.values.dailyDigest ? (
              <Select
                label="Digest hour"
                description={`In your company’s time (${saved.timeZone}). Turned on or moved after today’s hour, the first digest goes at the next one.`}
                data={HOURS}
                allowDeselect={false}
                maw={240}
                {...form.getInputProps('digestHour')}
              />
            ) : null}
          </Stack>
        </Card>
        {form.formError ? <ErrorAlert>{form.formError}</ErrorAlert> : null}
        {sentTo ? (
          <Alert color="green" role="status" title="Test e-mail sent">
            {M.testSent(sentTo)} It should arrive within a minute; if not, check the addresses and the
            server’s mail settings.
          </Alert>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="default"
            loading={test.isPending}
            disabled={dirty}
            title={dirty ? 'Save first: the test goes to the saved recipients' : undefined}
            onClick={() => test.mutate()}
          >
            Send test e-mail
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
        {dirty ? (
          <Text size="sm" c="dimmed">
            Save first: the test e-mail goes to the saved recipients.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * Who a breakdown reported with these settings would alert (decision 067), as the form stands: the recipients chosen,
 * or while none is chosen the company's active admins, or nobody.
 */
function breakdownAlertsWho(
  values: { breakdownAlerts: boolean; userIds: string[]; emails: string[] },
  saved: TMaintenanceEmailSettings,
): string {
  if (!values.breakdownAlerts) return 'Off: nobody is told of a breakdown.';
  if (values.userIds.length + values.emails.length > 0) return 'They go to the recipients above.';
  if (saved.admins.length === 0)
    return 'No recipients are chosen and no active admin has an address: nobody would be told.';
  const admins = saved.admins.map((p) => `${p.name} (${p.email})`).join(', ');
  return `No recipients are chosen, so they go to the company’s admins: ${admins}.`;
}
