// Output: good units put away (into a new lot when the assembly is lot-tracked; the server names it) and scrap with
// its reason, as often as the work is done in parts. The form starts from what the last finished step recorded and
// puts away at the work order's output location, else the assembly item's default (output-prefill.ts); the page
// remounts it (its key) when those change. Errors land beside their fields and are brought into view.

import { Button, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type TFloor, type TOutput, ZOutputSchema } from '#common/schemas/shop-floor.ts';
import { scrapCodesKeptIn } from '../../components/defect-code-select.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { floorKey, recordOutput } from './api.ts';
import { floorToast } from './floor-toast.ts';
import { GoodScrapFields, scrapCodeBody, scrapCodeRule } from './good-scrap-fields.tsx';
import { outputPrefill } from './output-prefill.ts';
import { refreshAfterPosting } from './refresh.ts';
import { useRevealErrors } from './reveal.ts';

export function OutputForm({ floor }: { floor: TFloor }) {
  const queryClient = useQueryClient();
  const box = useRef<HTMLFormElement>(null);
  const [failures, setFailures] = useState(0);
  const failed = () => setFailures((n) => n + 1);
  useRevealErrors(box, failures);
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID());
  const form = useContractForm({
    schema: ZOutputSchema,
    initialValues: outputPrefill(floor),
    toBody: (v): TOutput => ({
      idempotencyKey,
      goodQuantity: v.goodQuantity.trim() || '0',
      scrapQuantity: v.scrapQuantity.trim() || '0',
      ...(v.scrapReason.trim() ? { scrapReason: v.scrapReason } : {}),
      ...scrapCodeBody(v),
      ...(v.locationId ? { locationId: v.locationId } : {}),
    }),
    rules: (v) => scrapCodeRule(scrapCodesKeptIn(queryClient), v),
    wholeMessage: (failure) => failure.status === 409,
  });
  const output = useMutation({
    mutationFn: (body: TOutput) => recordOutput(floor.id, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(floorKey(floor.id), answer.floor);
      await refreshAfterPosting(queryClient);
      const last = answer.floor.outputs.at(-1);
      floorToast(
        'success',
        {
          title: 'Output recorded',
          message: last?.lotNumber ? `Good units are in lot ${last.lotNumber}` : 'Recorded',
        },
        'output',
      );
      setKey(crypto.randomUUID());
      form.setValues(outputPrefill(answer.floor));
    },
    onError: (failure) => {
      form.showFailure(failure);
      failed();
    },
  });

  return (
    <form
      ref={box}
      onSubmit={form.onSubmit((body) => output.mutate(body), failed)}
      noValidate
      aria-label="Record output"
    >
      <Stack gap="sm">
        <GoodScrapFields
          unitOfMeasure={floor.unitOfMeasure}
          inputProps={(field) => form.getInputProps(field)}
          code={{
            values: form.values,
            onChange: (id, label) => form.setValues({ scrapDefectCodeId: id, scrapDefectCodeLabel: label }),
            error: form.errorOf('scrapDefectCodeId'),
          }}
        />
        <LocationSelect
          label="Put away at"
          value={form.values.locationId || null}
          selectedLabel={form.values.locationCode || null}
          onChange={(id, code) => form.setValues({ locationId: id ?? '', locationCode: code ?? '' })}
          error={form.errorOf('locationId')}
        />
        {form.formError ? <ErrorAlert>{form.formError}</ErrorAlert> : null}
        <Button type="submit" size="md" loading={output.isPending}>
          Record output
        </Button>
      </Stack>
    </form>
  );
}
