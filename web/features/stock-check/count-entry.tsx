// The quantity input of one line, made for fast keyboard and scanner work: Enter saves the count and moves to the
// next line at once (the save finishes in the background); each line shows whether it is saved, saving or refused.
import { ActionIcon, Group, Loader, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { type TCountLine, type TCountLinePage, ZCountEntrySchema } from '#common/schemas/stock-check.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { recordCount } from './api.ts';

/** "BRK-100 at PLANT1 / A / B7, lot L-12": how a line is named to people and screen readers. */
export const lineName = (line: TCountLine) =>
  `${line.partNumber} at ${line.locationCode}${line.lotNumber ? `, lot ${line.lotNumber}` : ''}`;

const SAVED_TOAST = 'stock-check-saved';

/** One toast for the latest save, replaced by the next, so a fast count does not pile them up. */
function toastSaved(line: TCountLine) {
  const note = {
    id: SAVED_TOAST,
    title: 'Count saved',
    message: `${lineName(line)}: ${line.countedQuantity} ${line.unitOfMeasure}`,
    color: 'green',
    autoClose: 3000,
  };
  notifications.update(note);
  notifications.show(note);
}

export function CountEntry({
  sessionId,
  line,
  disabled,
  onEnter,
}: {
  sessionId: string;
  line: TCountLine;
  disabled: boolean;
  /** Enter was pressed: move on to the next line. */
  onEnter: () => void;
}) {
  const queryClient = useQueryClient();
  // One field, checked with the count contract; Enter (not a form's submit) saves it, so that it can move on at once.
  const form = useContractForm({
    schema: ZCountEntrySchema,
    initialValues: { countedQuantity: line.countedQuantity ?? '' },
    toBody: (values) => ({ countedQuantity: values.countedQuantity.trim() }),
  });
  const value = form.values.countedQuantity;
  // A refusal that names no field is this line's all the same.
  const error = form.errorOf('countedQuantity') ?? form.formError ?? null;

  const save = useMutation({
    mutationFn: (quantity: string) => recordCount(sessionId, line.id, { countedQuantity: quantity }),
    onSuccess: (saved, sent) => {
      // Show the stored spelling ("5.0" is kept as "5") unless the counter has typed something else meanwhile.
      form.setFieldValue('countedQuantity', (current) =>
        current.trim() === sent ? (saved.countedQuantity ?? current) : current,
      );
      // The line stays where it is on this page (also under "Uncounted") until the page is reloaded.
      queryClient.setQueriesData<TCountLinePage>(
        { queryKey: [...queryKeys.stockCheck(sessionId), 'lines'] },
        (page) => (page ? { ...page, items: page.items.map((l) => (l.id === saved.id ? saved : l)) } : page),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.stockCheck(sessionId), exact: true });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.stockChecks, 'list'] });
      form.clearErrors();
      toastSaved(saved);
    },
    onError: (failure) => {
      form.showFailure(failure);
      toast('error', { title: `Count of ${lineName(line)} not saved`, message: messageOf(failure) });
    },
  });

  const submit = () => {
    if (form.validate().hasErrors) return false;
    const { countedQuantity } = form.getTransformedValues();
    if (countedQuantity === (line.countedQuantity ?? null) && !error) return true;
    save.mutate(countedQuantity);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (value.trim() === '' && line.countedQuantity === null) {
      onEnter();
      return;
    }
    if (submit()) onEnter();
  };

  const saved =
    !save.isPending && !error && line.countedQuantity !== null && value.trim() === line.countedQuantity;
  const state = save.isPending ? (
    <Loader size="xs" aria-label="Saving" />
  ) : saved ? (
    <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label="Saved" />
  ) : null;

  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <TextInput
        aria-label={`Counted quantity of ${lineName(line)}`}
        data-count-input
        inputMode="decimal"
        autoComplete="off"
        placeholder="Count"
        value={value}
        disabled={disabled}
        onChange={(e) => {
          form.setFieldValue('countedQuantity', e.currentTarget.value);
          form.clearErrors();
        }}
        onKeyDown={onKeyDown}
        onFocus={(e) => e.currentTarget.select()}
        error={error}
        rightSection={
          <Text size="xs" c="dimmed">
            {line.unitOfMeasure}
          </Text>
        }
        rightSectionWidth={40}
        w={140}
      />
      <ActionIcon
        variant="light"
        size="lg"
        mt={1}
        disabled={disabled}
        onClick={() => void submit()}
        aria-label={`Save the count of ${lineName(line)}`}
      >
        <IconDeviceFloppy size={18} />
      </ActionIcon>
      <div style={{ width: 20, paddingTop: 8 }} aria-live="polite">
        {state}
      </div>
    </Group>
  );
}
