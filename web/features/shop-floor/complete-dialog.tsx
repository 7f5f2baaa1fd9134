// The completion dialog (decision 064): each planned line still open — part, planned, consumed, left — and what
// became of it: consumed as planned (what is left is taken), the quantity actually used, or the rest returned to
// stock; the last two say why. Submitting completes the work order with one resolution per line; the server's
// refusals land on the line and field they name ("resolutions.1.reason").
import { Button, Group, Modal, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { compareDecimal, isDecimal } from '#common/decimal.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import {
  SHOP_FLOOR_MESSAGES as M,
  RESOLUTION_ACTIONS,
  type TComplete,
  type TFloor,
  type TResolution,
  type TUnconsumedLine,
  ZCompleteSchema,
} from '#common/schemas/shop-floor.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import type { TPathMap } from '../../lib/form-errors.ts';
import { quantityInputMode } from '../../lib/quantity-input.ts';
import { completeWorkOrder, unconsumedLines } from './api.ts';
import { useRevealErrors } from './reveal.ts';

type TAction = TResolution['action'];
interface TLineValues {
  itemId: string;
  action: TAction | '';
  quantity: string;
  reason: string;
}

export const ACTION_LABELS: Record<TAction, string> = {
  consume: 'Consume as planned',
  used: 'Enter what was used',
  return: 'Return to stock',
};

/** The server's and the contract's paths of resolution n, shown on line n's fields. */
function pathsOf(values: { lines: TLineValues[] }): TPathMap {
  return Object.fromEntries(
    values.lines.flatMap((_, n) => [
      [`resolutions.${n}`, `lines.${n}.action`],
      [`resolutions.${n}.itemId`, `lines.${n}.action`],
      [`resolutions.${n}.action`, `lines.${n}.action`],
      [`resolutions.${n}.quantity`, `lines.${n}.quantity`],
      [`resolutions.${n}.reason`, `lines.${n}.reason`],
    ]),
  );
}

/** The resolution a line's answers make: a quantity only for 'used', a reason only beside 'consume'. */
function resolutionOf(line: TLineValues): TResolution {
  return {
    itemId: line.itemId,
    action: line.action as TAction,
    ...(line.action === 'used' ? { quantity: line.quantity.trim() } : {}),
    ...(line.action !== 'consume' && line.reason.trim() ? { reason: line.reason } : {}),
  };
}

/** What the server would refuse, said on the line's field before asking it (the planned figures are in hand). */
function lineRules(line: TLineValues, open: TUnconsumedLine | undefined, n: number) {
  const quantity = line.quantity.trim();
  const differs =
    open !== undefined && isDecimal(quantity, QUANTITY_SCALE) && compareDecimal(quantity, open.planned) !== 0;
  return {
    [`lines.${n}.action`]: !line.action && 'Choose what became of it',
    [`lines.${n}.quantity`]: line.action === 'used' && !quantity && M.usedQuantityNeeded,
    [`lines.${n}.reason`]:
      !line.reason.trim() &&
      ((line.action === 'return' && M.returnReasonNeeded) ||
        (line.action === 'used' && differs && M.resolutionReasonNeeded)),
  };
}

export function CompleteDialog({
  floor,
  lines,
  onLines,
  onClose,
  onCompleted,
}: {
  floor: TFloor;
  lines: TUnconsumedLine[];
  /** A new 409 UNCONSUMED: the lines open now (the dialog starts again from them). */
  onLines: (lines: TUnconsumedLine[]) => void;
  onClose: () => void;
  onCompleted: (answer: TFloor) => Promise<void>;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const box = useRef<HTMLFormElement>(null);
  const [failures, setFailures] = useState(0);
  const failed = () => setFailures((n) => n + 1);
  useRevealErrors(box, failures);
  const form = useContractForm({
    schema: ZCompleteSchema,
    initialValues: {
      lines: lines.map((l): TLineValues => ({ itemId: l.itemId, action: '', quantity: '', reason: '' })),
    },
    toBody: (v): TComplete => ({ resolutions: v.lines.map(resolutionOf) }),
    paths: pathsOf,
    rules: (v) => Object.assign({}, ...v.lines.map((line, n) => lineRules(line, lines[n], n))),
  });
  const complete = useMutation({
    mutationFn: (body: TComplete) => completeWorkOrder(floor.id, body),
    onSuccess: onCompleted,
    onError: (failure) => {
      const open = unconsumedLines(failure);
      if (open) onLines(open);
      else {
        form.showFailure(failure);
        failed();
      }
    },
  });
  const nameOf = (itemId: string) => floor.components.find((c) => c.itemId === itemId)?.name ?? '';

  return (
    <Modal opened onClose={onClose} title="Components not fully consumed" size="lg" fullScreen={phone}>
      <form
        ref={box}
        onSubmit={form.onSubmit((body) => complete.mutate(body), failed)}
        noValidate
        aria-label="Resolve the components"
      >
        <Stack gap="md">
          <Text size="sm">
            Say what became of each before the work order is completed: nothing is left unaccounted for.
          </Text>
          {lines.map((line, n) => {
            const action = form.values.lines[n]?.action;
            return (
              <Paper key={line.itemId} withBorder p="sm" component="section" aria-label={line.partNumber}>
                <Stack gap="xs">
                  <Text fw={600}>
                    {line.partNumber} {nameOf(line.itemId)}
                  </Text>
                  <Text size="sm">
                    Planned {line.planned} {line.unit} · consumed {line.consumed} · left {line.left}
                  </Text>
                  <Radio.Group
                    label={`What became of ${line.partNumber}`}
                    {...form.getInputProps(`lines.${n}.action`)}
                  >
                    <Stack gap="xs" mt={4}>
                      {RESOLUTION_ACTIONS.map((a) => (
                        <Radio.Card key={a} value={a} p="sm" radius="sm" mih={44}>
                          <Group wrap="nowrap" gap="sm">
                            <Radio.Indicator />
                            <Text size="sm">{ACTION_LABELS[a]}</Text>
                          </Group>
                        </Radio.Card>
                      ))}
                    </Stack>
                  </Radio.Group>
                  {action === 'used' ? (
                    <TextInput
                      label={`Used (${line.unit})`}
                      inputMode={quantityInputMode(line.unit)}
                      size="md"
                      {...form.getInputProps(`lines.${n}.quantity`)}
                    />
                  ) : null}
                  {action === 'used' || action === 'return' ? (
                    <TextInput label="Reason" size="md" {...form.getInputProps(`lines.${n}.reason`)} />
                  ) : null}
                </Stack>
              </Paper>
            );
          })}
          {form.formError ? <ErrorAlert>{form.formError}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" size="lg" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" size="lg" color="green" loading={complete.isPending}>
              Complete work order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
