// Consuming a component on the floor (decisions 049 and 064): a keyboard-wedge scanner works with no field focused
// (its burst of keys and Enter is a scan, as on /scan) or types into the scan field, whose Enter records it; the
// quantity is kept from the last scan. "Taken from" follows the part scanned — where its stock or its lot lies —
// until the operator chooses a location, which is then kept (several parts from one bin). More than is left of the
// plan asks why. The server says what was expected when the scan is wrong; every error lands beside its field and is
// brought into view.
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  SHOP_FLOOR_MESSAGES as M,
  type TConsume,
  type TFloor,
  ZConsumeSchema,
} from '#common/schemas/shop-floor.ts';
import { LocationSelect } from '../../components/location-select.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { useKeyboardWedge } from '../../lib/keyboard-wedge.ts';
import { consume, floorKey, lookUpCode } from './api.ts';
import { floorToast } from './floor-toast.ts';
import { refreshAfterPosting } from './refresh.ts';
import { useRevealErrors } from './reveal.ts';
import {
  componentByPartNumber,
  componentOfLookup,
  passesPlan,
  placeOfLookup,
  presetPlace,
  type TComponent,
  type TPlace,
} from './taken-from.ts';

/** The component a code names and where it lies; nulls when the code is nothing of this work order's. */
async function whatIsScanned(floor: TFloor, code: string) {
  const byNumber = componentByPartNumber(floor, code);
  if (byNumber) return { component: byNumber, place: byNumber.defaultLocation };
  try {
    const result = await lookUpCode(code.trim());
    const component = componentOfLookup(floor, result);
    return { component, place: component ? placeOfLookup(component, result) : null };
  } catch {
    // Not recognised (or not looked up): the consumption's own answer says what was expected.
    return { component: null, place: null };
  }
}

export function ConsumeForm({ floor, stepId }: { floor: TFloor; stepId: string | undefined }) {
  const queryClient = useQueryClient();
  const box = useRef<HTMLFormElement>(null);
  const scanField = useRef<HTMLInputElement>(null);
  // One key per intended consumption: kept for a retry of the same scan, renewed once it is recorded.
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID());
  /** True once the operator picked "Taken from" by hand: it then stays as chosen. */
  const [chosen, setChosen] = useState(false);
  /** The component whose plan the quantity passes, when the form asks why. */
  const [over, setOver] = useState<TComponent | null>(null);
  const [looking, setLooking] = useState(false);
  const [failures, setFailures] = useState(0);
  const preset = presetPlace(floor, stepId);
  const form = useContractForm({
    schema: ZConsumeSchema,
    initialValues: {
      code: '',
      quantity: '1',
      locationId: preset?.id ?? '',
      locationCode: preset?.code ?? '',
      reason: '',
    },
    toBody: (v): TConsume => ({
      idempotencyKey,
      code: v.code,
      quantity: v.quantity,
      locationId: v.locationId,
      ...(stepId ? { stepId } : {}),
      ...(v.reason.trim() ? { reason: v.reason } : {}),
    }),
    rules: (v) => ({ locationId: !v.locationId && 'Choose the location it is taken from' }),
    wholeMessage: (failure) => failure.status === 409,
  });
  useRevealErrors(box, failures);
  const failed = () => setFailures((n) => n + 1);

  // The floor loaded after the form (or a first stock arrived): an empty "Taken from" takes the preset.
  const emptyPlace = !form.values.locationId;
  useEffect(() => {
    if (emptyPlace && !chosen && preset) form.setValues({ locationId: preset.id, locationCode: preset.code });
  }, [emptyPlace, chosen, preset, form.setValues]);

  /** Whether the scan came from the field (its focus is given back) or from a wedge scan with none focused. */
  const typed = useRef(false);
  const mutation = useMutation({
    mutationFn: (body: TConsume) => consume(floor.id, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(floorKey(floor.id), answer.floor);
      await refreshAfterPosting(queryClient);
      const last = answer.floor.consumptions.at(-1);
      floorToast(
        'success',
        {
          title: 'Consumed',
          message: last
            ? `${last.quantity} of ${last.partNumber}${last.lotNumber ? ` lot ${last.lotNumber}` : ''} from ${last.locationCode}`
            : '',
        },
        'components',
      );
      setKey(crypto.randomUUID());
      setOver(null);
      form.setValues({ code: '', reason: '' });
      // Focus only where the operator typed: on a phone it opens the keyboard a wedge scanner does not need.
      if (typed.current) scanField.current?.focus();
    },
    onError: (failure) => {
      form.showFailure(failure);
      failed();
    },
  });
  const submit = form.onSubmit((body) => mutation.mutate(body), failed);
  const takeFrom = (place: TPlace) => form.setValues({ locationId: place.id, locationCode: place.code });

  /** Records the code in the field (or `code`, a wedge scan): "Taken from" and the plan checked first. */
  const record = async (code: string | undefined, fromField: boolean) => {
    if (mutation.isPending || looking) {
      form.setFormError('Still recording the last scan: scan again once it is done.');
      failed();
      return;
    }
    typed.current = fromField;
    if (code !== undefined) form.setFieldValue('code', code);
    const values = form.getValues();
    if (values.code.trim()) {
      setLooking(true);
      const scanned = await whatIsScanned(floor, values.code).finally(() => setLooking(false));
      if (!chosen && scanned.place) takeFrom(scanned.place);
      if (scanned.component && passesPlan(scanned.component, values.quantity) && !values.reason.trim()) {
        setOver(scanned.component);
        form.setFieldError('reason', M.overPlanReason);
        failed();
        return;
      }
    }
    submit();
  };

  useKeyboardWedge((code) => void record(code, false));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void record(undefined, true);
  };

  const asksReason = over !== null || form.errorOf('reason') !== undefined;
  return (
    <form ref={box} onSubmit={onSubmit} noValidate aria-label="Consume a component">
      <Stack gap="sm">
        <TextInput
          ref={scanField}
          label="Scan or type a label"
          description="A lot’s or part’s label, or its number; Enter records it. A scanner needs no tap here."
          autoComplete="off"
          autoCapitalize="characters"
          size="md"
          {...form.getInputProps('code')}
        />
        <Group grow align="flex-start">
          <TextInput label="Quantity" inputMode="decimal" size="md" {...form.getInputProps('quantity')} />
          <LocationSelect
            label="Taken from"
            description={chosen ? undefined : 'Where the scanned part is'}
            value={form.values.locationId || null}
            selectedLabel={form.values.locationCode || null}
            onChange={(id, code) => {
              setChosen(id !== null);
              form.setValues({ locationId: id ?? '', locationCode: code ?? '' });
            }}
            error={form.errorOf('locationId')}
          />
        </Group>
        {asksReason ? (
          <TextInput
            label="Why more than planned"
            description={
              over
                ? `${over.left} ${over.unitOfMeasure} of ${over.partNumber} was left of the plan`
                : undefined
            }
            size="md"
            {...form.getInputProps('reason')}
          />
        ) : null}
        {form.formError ? (
          <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
            {form.formError}
          </div>
        ) : null}
        <Button type="submit" size="md" loading={mutation.isPending || looking}>
          Consume
        </Button>
      </Stack>
    </form>
  );
}
