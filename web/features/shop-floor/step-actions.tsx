// A step's buttons: Start, Pause or Resume, and Finish with how many came through good and scrapped (a defect code
// or a reason when scrapped, decision 076). Each answer is the run as the server has it, put straight into the floor's cache. A refusal (a finish
// whose backflush is short of stock, say) shows beside the button that caused it and is brought into view.

import { Button, Group, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type TFloor, type TStepFinish, ZStepFinishSchema } from '#common/schemas/shop-floor.ts';
import { scrapCodesKeptIn } from '../../components/defect-code-select.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { finishStep, floorKey, stepAction, type TStepAction } from './api.ts';
import { GoodScrapFields, scrapCodeBody, scrapCodeRule } from './good-scrap-fields.tsx';
import { useRevealErrors } from './reveal.ts';

type TStep = TFloor['steps'][number];

function FinishForm({ floor, step, onDone }: { floor: TFloor; step: TStep; onDone: () => void }) {
  const queryClient = useQueryClient();
  const box = useRef<HTMLFormElement>(null);
  const [failures, setFailures] = useState(0);
  const failed = () => setFailures((n) => n + 1);
  useRevealErrors(box, failures);
  const form = useContractForm({
    schema: ZStepFinishSchema,
    initialValues: {
      goodQuantity: '',
      scrapQuantity: '0',
      scrapReason: '',
      scrapDefectCodeId: '',
      scrapDefectCodeLabel: '',
    },
    toBody: (v): TStepFinish => ({
      goodQuantity: v.goodQuantity,
      scrapQuantity: v.scrapQuantity,
      ...(v.scrapReason.trim() ? { scrapReason: v.scrapReason } : {}),
      ...scrapCodeBody(v),
    }),
    rules: (v) => scrapCodeRule(scrapCodesKeptIn(queryClient), v),
    wholeMessage: (failure) => failure.status === 409,
  });
  const mutation = useMutation({
    mutationFn: (body: TStepFinish) => finishStep(floor.id, step.id, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(floorKey(floor.id), answer);
      onDone();
    },
    onError: (failure) => {
      form.showFailure(failure);
      failed();
    },
  });
  return (
    <form
      ref={box}
      onSubmit={form.onSubmit((body) => mutation.mutate(body), failed)}
      noValidate
      aria-label="Finish the step"
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
        {form.formError ? <ErrorAlert>{form.formError}</ErrorAlert> : null}
        <Button type="submit" size="md" loading={mutation.isPending}>
          Finish step
        </Button>
      </Stack>
    </form>
  );
}

export function StepActions({ floor, step }: { floor: TFloor; step: TStep }) {
  const queryClient = useQueryClient();
  const box = useRef<HTMLDivElement>(null);
  const [failures, setFailures] = useState(0);
  useRevealErrors(box, failures);
  const [finishing, setFinishing] = useState(false);
  const action = useMutation({
    mutationFn: (what: TStepAction) => stepAction(floor.id, step.id, what),
    onSuccess: (answer) => queryClient.setQueryData(floorKey(floor.id), answer),
    onError: () => setFailures((n) => n + 1),
  });
  const status = step.run?.status ?? null;
  if (status === 'finished') return null;
  const button = (what: TStepAction, label: string, variant = 'filled') => (
    <Button size="lg" variant={variant} loading={action.isPending} onClick={() => action.mutate(what)}>
      {label}
    </Button>
  );
  return (
    <Stack gap="sm" ref={box}>
      {action.isError ? <ErrorAlert>{messageOf(action.error)}</ErrorAlert> : null}
      <Group grow>
        {status === null ? button('start', 'Start') : null}
        {status === 'running' ? button('pause', 'Pause', 'default') : null}
        {status === 'paused' ? button('resume', 'Resume') : null}
        {status !== null && !finishing ? (
          <Button size="lg" variant="light" onClick={() => setFinishing(true)}>
            Finish…
          </Button>
        ) : null}
      </Group>
      {finishing ? <FinishForm floor={floor} step={step} onDone={() => setFinishing(false)} /> : null}
    </Stack>
  );
}
