// Output and completion: good units put away (into a new lot when the assembly is lot-tracked; the server names it),
// scrap with its reason, as often as the work is done in parts; Complete once every step is finished.
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type TFloor, type TOutput, ZOutputSchema } from '#common/schemas/shop-floor.ts';
import { LocationSelect } from '../../components/location-select.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { toast } from '../../lib/toast.ts';
import { completeWorkOrder, floorKey, recordOutput } from './api.ts';
import { refreshAfterPosting } from './refresh.ts';

const EMPTY = { goodQuantity: '', scrapQuantity: '', scrapReason: '', locationId: '', locationCode: '' };

export function OutputForm({ floor }: { floor: TFloor }) {
  const queryClient = useQueryClient();
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID());
  const form = useContractForm({
    schema: ZOutputSchema,
    initialValues: EMPTY,
    toBody: (v): TOutput => ({
      idempotencyKey,
      goodQuantity: v.goodQuantity.trim() || '0',
      scrapQuantity: v.scrapQuantity.trim() || '0',
      ...(v.scrapReason.trim() ? { scrapReason: v.scrapReason } : {}),
      ...(v.locationId ? { locationId: v.locationId } : {}),
    }),
    wholeMessage: (failure) => failure.status === 409,
  });
  const output = useMutation({
    mutationFn: (body: TOutput) => recordOutput(floor.id, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(floorKey(floor.id), answer.floor);
      await refreshAfterPosting(queryClient);
      const last = answer.floor.outputs.at(-1);
      toast('success', {
        title: 'Output recorded',
        message: last?.lotNumber ? `Good units are in lot ${last.lotNumber}` : 'Recorded',
      });
      setKey(crypto.randomUUID());
      form.setValues(EMPTY);
    },
    onError: form.showFailure,
  });
  const complete = useMutation({
    mutationFn: () => completeWorkOrder(floor.id),
    onSuccess: async (answer) => {
      queryClient.setQueryData(floorKey(floor.id), answer);
      await refreshAfterPosting(queryClient);
      toast('success', { title: 'Work order completed', message: answer.numberText });
    },
  });

  return (
    <Stack gap="sm">
      <form onSubmit={form.onSubmit((body) => output.mutate(body))} noValidate aria-label="Record output">
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput label="Good" inputMode="decimal" size="md" {...form.getInputProps('goodQuantity')} />
            <TextInput label="Scrap" inputMode="decimal" size="md" {...form.getInputProps('scrapQuantity')} />
          </Group>
          <TextInput label="Scrap reason" size="md" {...form.getInputProps('scrapReason')} />
          <LocationSelect
            label="Put away at"
            description={floor.outputLocation ? `Leave empty for ${floor.outputLocation.code}` : undefined}
            value={form.values.locationId || null}
            selectedLabel={form.values.locationCode || null}
            onChange={(id, code) => form.setValues({ locationId: id ?? '', locationCode: code ?? '' })}
            error={form.errorOf('locationId')}
          />
          {form.formError ? (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          ) : null}
          <Button type="submit" size="md" loading={output.isPending}>
            Record output
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed">
        {floor.goodQuantity} good and {floor.scrapQuantity} scrapped of {floor.quantity} {floor.unitOfMeasure}
      </Text>
      {complete.isError ? (
        <Alert color="red" role="alert">
          {messageOf(complete.error)}
        </Alert>
      ) : null}
      <Button size="lg" color="green" loading={complete.isPending} onClick={() => complete.mutate()}>
        Complete work order
      </Button>
    </Stack>
  );
}
