// Approving a week and opening it again (decision 080): approval locks the person's time, so it is asked once more
// before it is done, and an admin who approved by mistake (or owes a correction) reopens the week with a reason kept on
// the audit trail. An admin who is the company's only active admin approves their own week, told it is recorded as
// self-approved.
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { TIME_MESSAGES as M, type TWeek, ZReopenWeekSchema } from '#common/schemas/time.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { toast } from '../../lib/toast.ts';
import { approveWeek, reopenWeek, timeKeys } from './api.ts';

/** What the dialogs act on: the week shown, and where the view keeps it in the cache. */
export interface TWeekAction {
  kind: 'approve' | 'reopen';
  week: TWeek;
  cacheKey: readonly unknown[];
}

export function WeekApprovalDialog({ action, onClose }: { action: TWeekAction | null; onClose: () => void }) {
  const title = action?.kind === 'reopen' ? 'Reopen the week' : 'Approve the week';
  return (
    <Modal opened={action !== null} onClose={onClose} title={title} size="md">
      {action?.kind === 'approve' ? <ApproveForm action={action} onClose={onClose} /> : null}
      {action?.kind === 'reopen' ? <ReopenForm action={action} onClose={onClose} /> : null}
    </Modal>
  );
}

function useWeekLabel(week: TWeek) {
  const clock = useCompanyClock();
  return `${week.userName}, week of ${clock.calendarDate(week.weekStart)}`;
}

function ApproveForm({ action, onClose }: { action: TWeekAction; onClose: () => void }) {
  const client = useQueryClient();
  const label = useWeekLabel(action.week);
  // No field to fill: the contract's form still gives the footer its error and pending state.
  const form = useContractForm<Record<string, never>>({ schema: z.object({}), initialValues: {} });
  const approve = useMutation({
    mutationFn: () => approveWeek({ userId: action.week.userId, week: action.week.weekStart }),
    onSuccess: async (approved) => {
      client.setQueryData(action.cacheKey, approved);
      toast('success', { title: 'Week approved', message: `${label}: its time is locked.` });
      onClose();
      await client.invalidateQueries({ queryKey: timeKeys.all });
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit(() => approve.mutate())} noValidate aria-label="Approve the week">
      <Stack gap="sm">
        <Text>
          Approve {label}? Its time is then locked: nobody can add, correct or delete it until an admin
          reopens the week.
        </Text>
        {action.week.selfApproval === 'only-admin' ? <Text size="sm">{M.selfApprovedOnlyAdmin}</Text> : null}
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Approve week"
          pending={approve.isPending}
        />
      </Stack>
    </form>
  );
}

function ReopenForm({ action, onClose }: { action: TWeekAction; onClose: () => void }) {
  const client = useQueryClient();
  const label = useWeekLabel(action.week);
  const form = useContractForm<{ reason: string }>({
    schema: ZReopenWeekSchema.pick({ reason: true }),
    initialValues: { reason: '' },
    wholeMessage: () => true,
  });
  const reopen = useMutation({
    mutationFn: (reason: string) =>
      reopenWeek({ userId: action.week.userId, week: action.week.weekStart, reason }),
    onSuccess: async (reopened) => {
      client.setQueryData(action.cacheKey, reopened);
      toast('success', { title: 'Week reopened', message: `${label}: its time can be changed again.` });
      onClose();
      await client.invalidateQueries({ queryKey: timeKeys.all });
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((v) => reopen.mutate(v.reason))} noValidate aria-label="Reopen the week">
      <Stack gap="sm">
        <Text>
          Reopen {label}? Its time can then be added to, corrected and deleted until the week is approved
          again.
        </Text>
        <Textarea
          label="Reason"
          description="Why it is reopened (kept on the audit trail)"
          required
          autosize
          minRows={2}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Reopen week"
          pending={reopen.isPending}
        />
      </Stack>
    </form>
  );
}
