// "Plan a sub-assembly's work order" from a work order's page (decision 064): a work order of one of its
// sub-assemblies made under it — and, under that, one for each sub-assembly stock does not cover — due no later than
// it, so releasing it can await their output instead of being refused. The proposed tree is shown before it is made.
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isDecimal } from '#common/decimal.ts';
import type { TWorkOrderDetail } from '#common/schemas/work-orders.ts';
import { DateField } from '../../components/date-field.tsx';
import { FormFooter } from '../../components/form-footer.tsx';
import {
  useWorkOrderProposal,
  WorkOrderProposal,
  workOrdersMade,
} from '../../components/work-order-proposal.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { createWorkOrderTree } from '../../lib/work-order-tree-api.ts';
import { workOrderKeys } from './api.ts';

/** The sub-assembly to plan: its assembly, part and unit, and the quantity to start from. */
export interface TChildPlan {
  assemblyId: string;
  partNumber: string;
  unitOfMeasure: string;
  quantity: string;
}

export function WorkOrderChildDialog({
  parent,
  child,
  onClose,
}: {
  parent: TWorkOrderDetail;
  child: TChildPlan | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={child !== null}
      onClose={onClose}
      title={child ? `Work order for ${child.partNumber}` : ''}
      size="md"
    >
      {child ? <ChildForm parent={parent} child={child} onClose={onClose} /> : null}
    </Modal>
  );
}

function ChildForm({
  parent,
  child,
  onClose,
}: {
  parent: TWorkOrderDetail;
  child: TChildPlan;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [quantity, setQuantity] = useState(child.quantity);
  const [dueOn, setDueOn] = useState(parent.dueOn ?? '');
  const [leaveOut, setLeaveOut] = useState<ReadonlySet<string>>(new Set());
  const valid = isDecimal(quantity.trim(), 6) && /[1-9]/.test(quantity);
  const body = {
    assemblyId: child.assemblyId,
    quantity: quantity.trim(),
    parentWorkOrderId: parent.id,
    ...(dueOn ? { dueOn } : {}),
  };
  const proposal = useWorkOrderProposal(valid ? body : null);
  const made = workOrdersMade(proposal.data, leaveOut);
  const save = useMutation({
    mutationFn: () => createWorkOrderTree({ ...body, leaveOut: [...leaveOut] }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: workOrderKeys.all }),
        client.invalidateQueries({ queryKey: queryKeys.stock() }),
      ]);
      onClose();
    },
  });
  // Quantity and due date show their errors under them; any other refusal shows above the buttons.
  const fields: Record<string, string | undefined> =
    save.error instanceof ApiError ? save.error.fieldErrors : {};
  return (
    <form
      aria-label={`Work order for ${child.partNumber}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.mutate();
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Made for {parent.numberText}: its good output goes into {parent.numberText}’s reservation as it is
          put away. Due no later than {parent.numberText}.
        </Text>
        <TextInput
          label={`Quantity (${child.unitOfMeasure})`}
          inputMode="decimal"
          required
          value={quantity}
          onChange={(event) => setQuantity(event.currentTarget.value)}
          error={fields.quantity ?? (quantity && !valid ? 'Enter a quantity more than 0' : undefined)}
        />
        <DateField label="Due date" clearable value={dueOn} onChange={setDueOn} error={fields.dueOn} />
        <WorkOrderProposal
          query={proposal}
          leaveOut={leaveOut}
          onToggle={(key, make) =>
            setLeaveOut((before) => {
              const next = new Set(before);
              if (make) next.delete(key);
              else next.add(key);
              return next;
            })
          }
        />
        <FormFooter
          error={save.error && !fields.quantity && !fields.dueOn ? messageOf(save.error) : undefined}
          onCancel={onClose}
          submitLabel={made > 1 ? `Create ${made} work orders` : 'Create work order'}
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
