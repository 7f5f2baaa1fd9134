// MIL-STD-105E 4.8 on the QC display (decisions 070, 077): five lots rejected under tightened inspection discontinue
// inspection under the standard for the item (and supplier). The warning says so; an admin records the supplier's
// corrective action on it (as an admin dispositions a nonconformance), and the lot is then inspected tightened with
// the count of rejections started afresh, which the screen says until that lot is finished.
import { Alert, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { hasRole } from '#common/roles.ts';
import {
  CORRECTIVE_ACTION_MAX,
  CORRECTIVE_REFERENCE_MAX,
  type TCorrectiveActionInput,
  ZCorrectiveActionInputSchema,
} from '#common/schemas/corrective-actions.ts';
import type { TInspection } from '#common/schemas/inspections.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FormFooter } from '../../components/form-footer.tsx';
import { When } from '../../components/when.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { inspectionKeys, recordCorrectiveAction } from './api.ts';

interface TValues extends Record<string, unknown> {
  action: string;
  reference: string;
}

/** Whose corrective action it is: the supplier's at receipt; at final inspection (no supplier) the shop's own. */
function whoseAction(i: TInspection): string {
  return i.stage !== 'final' && i.supplierName
    ? `the corrective action of ${i.supplierName}`
    : 'the corrective action';
}

function CorrectiveActionForm({ inspection: i, onDone }: { inspection: TInspection; onDone: () => void }) {
  const client = useQueryClient();
  const form = useContractForm<TValues, TCorrectiveActionInput>({
    schema: ZCorrectiveActionInputSchema,
    initialValues: { action: '', reference: '' },
    toBody: (values) => ({
      itemId: i.itemId,
      stage: i.stage === 'final' ? 'final' : 'receipt',
      supplierId: i.stage === 'final' ? null : i.supplierId,
      action: values.action,
      reference: values.reference,
    }),
  });
  const record = useMutation({
    mutationFn: recordCorrectiveAction,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: inspectionKeys.all });
      toast('success', {
        title: 'Corrective action recorded',
        message: 'Inspection under the standard resumes at tightened.',
      });
      onDone();
    },
    onError: form.showFailure,
  });
  return (
    <form
      onSubmit={form.onSubmit((body) => record.mutate(body))}
      noValidate
      aria-label="Record the corrective action"
    >
      <Stack gap="sm">
        <Textarea
          label="What was done"
          description="The cause the supplier found and what they changed, as their report says"
          required
          autosize
          minRows={3}
          maxLength={CORRECTIVE_ACTION_MAX}
          {...form.getInputProps('action')}
        />
        <TextInput
          label="Reference"
          description="Their report’s number or date, to find it again (optional)"
          maxLength={CORRECTIVE_REFERENCE_MAX}
          {...form.getInputProps('reference')}
        />
        <FormFooter
          error={form.formError}
          onCancel={onDone}
          submitLabel="Record and resume"
          pending={record.isPending}
        />
      </Stack>
    </form>
  );
}

/** The discontinuation warning with its form (admins), or the note of the corrective action this lot resumed after. */
export function SwitchingNotice({ inspection: i }: { inspection: TInspection }) {
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const [recording, setRecording] = useState(false);
  if (i.discontinued)
    return (
      <ErrorAlert title="Inspection under the standard is discontinued">
        <Stack gap="sm">
          <Text size="sm">
            Five lots were rejected under tightened inspection (MIL-STD-105E 4.8). Inspection under the
            standard resumes, at tightened, once {whoseAction(i)} is recorded.
          </Text>
          {!isAdmin ? (
            <Text size="sm">Tell Quality: an admin records it here.</Text>
          ) : recording ? (
            <CorrectiveActionForm inspection={i} onDone={() => setRecording(false)} />
          ) : (
            <Button variant="white" color="red" onClick={() => setRecording(true)}>
              Record corrective action
            </Button>
          )}
        </Stack>
      </ErrorAlert>
    );
  if (i.resumedAfter)
    return (
      <Alert color="blue" title="Resumed at tightened after corrective action" role="status">
        <Stack gap={4}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {i.resumedAfter.action}
            {i.resumedAfter.reference ? ` (${i.resumedAfter.reference})` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            Recorded by {i.resumedAfter.recordedBy} <When at={i.resumedAfter.recordedAt} />. The count of
            rejected lots starts again with this one.
          </Text>
        </Stack>
      </Alert>
    );
  return null;
}
