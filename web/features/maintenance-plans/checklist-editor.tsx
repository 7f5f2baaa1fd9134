// The plan's checklist: its tasks in order, each a row with a remove button, and "Add task" under them.
import { Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { AddRowButton, FormRow } from '../../components/form-rows.tsx';
import type { TContractForm } from '../../lib/contract-form.ts';
import { rowKey, type TPlanValues } from './plan-form-values.ts';

export function ChecklistEditor({ form }: { form: TContractForm<TPlanValues, unknown> }) {
  const tasks = form.values.checklist;
  const titleId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Text fw={600} size="sm" id={titleId}>
        Checklist
      </Text>
      {tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks yet. Add the steps the technician ticks off when doing the work.
        </Text>
      ) : null}
      {tasks.map((task, i) => (
        <FormRow
          key={task.key}
          label={`Task ${i + 1}`}
          removeLabel={`Remove task ${i + 1}`}
          onRemove={() => form.removeListItem('checklist', i)}
        >
          <TextInput
            label={`Task ${i + 1}`}
            required
            style={{ flex: 1, minWidth: 200 }}
            {...form.getInputProps(`checklist.${i}.text`)}
          />
        </FormRow>
      ))}
      <AddRowButton onClick={() => form.insertListItem('checklist', { key: rowKey(), text: '' })}>
        Add task
      </AddRowButton>
    </Stack>
  );
}
