// Consuming a component on the floor: the scan field takes what a keyboard-wedge scanner types and its Enter
// submits, with the quantity and the location kept from the last scan (an operator takes several parts from one
// bin). The server says what was expected when the scan is wrong; the message lands under the scan field.
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type TConsume, type TFloor, ZConsumeSchema } from '#common/schemas/shop-floor.ts';
import { LocationSelect } from '../../components/location-select.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { toast } from '../../lib/toast.ts';
import { consume, floorKey } from './api.ts';
import { refreshAfterPosting } from './refresh.ts';

export function ConsumeForm({ floor, stepId }: { floor: TFloor; stepId: string }) {
  const queryClient = useQueryClient();
  const scanField = useRef<HTMLInputElement>(null);
  // One key per intended consumption: kept for a retry of the same scan, renewed once it is recorded.
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID());
  const form = useContractForm({
    schema: ZConsumeSchema,
    initialValues: { code: '', quantity: '1', locationId: '', locationCode: '' },
    toBody: (v): TConsume => ({
      idempotencyKey,
      code: v.code,
      quantity: v.quantity,
      locationId: v.locationId,
      stepId,
    }),
    rules: (v) => ({ locationId: !v.locationId && 'Choose the location it is taken from' }),
    wholeMessage: (failure) => failure.status === 409,
  });
  const mutation = useMutation({
    mutationFn: (body: TConsume) => consume(floor.id, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(floorKey(floor.id), answer.floor);
      await refreshAfterPosting(queryClient);
      const last = answer.floor.consumptions.at(-1);
      toast('success', {
        title: 'Consumed',
        message: last
          ? `${last.quantity} of ${last.partNumber}${last.lotNumber ? ` lot ${last.lotNumber}` : ''}`
          : '',
      });
      setKey(crypto.randomUUID());
      form.setFieldValue('code', '');
      scanField.current?.focus();
    },
    onError: form.showFailure,
  });

  return (
    <form
      onSubmit={form.onSubmit((body) => mutation.mutate(body))}
      noValidate
      aria-label="Consume a component"
    >
      <Stack gap="sm">
        <TextInput
          ref={scanField}
          label="Scan or type a label"
          description="A lot’s or part’s label, a lot number or a part number; Enter records it"
          autoComplete="off"
          autoCapitalize="characters"
          size="md"
          {...form.getInputProps('code')}
        />
        <Group grow align="flex-start">
          <TextInput label="Quantity" inputMode="decimal" size="md" {...form.getInputProps('quantity')} />
          <LocationSelect
            label="Taken from"
            value={form.values.locationId || null}
            selectedLabel={form.values.locationCode || null}
            onChange={(id, code) => form.setValues({ locationId: id ?? '', locationCode: code ?? '' })}
            error={form.errorOf('locationId')}
          />
        </Group>
        {form.formError ? (
          <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
            {form.formError}
          </div>
        ) : null}
        <Button type="submit" size="md" loading={mutation.isPending}>
          Consume
        </Button>
      </Stack>
    </form>
  );
}
