// The work order's components as the operator needs them (decision 064): a scanned part with what is consumed of its
// plan (and any use beyond it), a backflushed part with the step whose finish takes it, so nobody waits to scan it.
import { List } from '@mantine/core';
import { compareDecimal } from '#common/decimal.ts';
import type { TFloor } from '#common/schemas/shop-floor.ts';

type TComponent = TFloor['components'][number];

/** "step 2 “Wire the socket”" for the steps of a component's lines (a line with no step is the first step's). */
export function stepsLabel(floor: TFloor, component: TComponent): string {
  const ids = new Set(component.stepIds.map((id) => id ?? floor.steps[0]?.id));
  const steps = floor.steps.filter((s) => ids.has(s.id));
  if (steps.length === 0) return 'its step';
  const named = steps.map((s) => `${s.position} “${s.title}”`);
  return `${steps.length === 1 ? 'step' : 'steps'} ${named.join(' and ')}`;
}

/** One component's line, as the list shows it. */
export function componentText(floor: TFloor, c: TComponent): string {
  const head = `${c.partNumber} ${c.name}: `;
  const consumed = `${c.consumed} of ${c.planned} ${c.unitOfMeasure} consumed`;
  const over = compareDecimal(c.over, '0') > 0 ? `, ${c.over} over plan` : '';
  if (c.consumption === 'backflush') {
    const figures =
      compareDecimal(c.consumed, '0') > 0 ? consumed : `${c.planned} ${c.unitOfMeasure} planned`;
    return `${head}${figures}${over}, backflushed at ${stepsLabel(floor, c)} (no scan needed)`;
  }
  return `${head}${consumed}${over}${c.lotTracked ? ' (scan its lot)' : ''}`;
}

export function ComponentsList({ floor }: { floor: TFloor }) {
  return (
    <List spacing={4} size="sm" aria-label="Components">
      {floor.components.map((c) => (
        <List.Item key={c.itemId}>{componentText(floor, c)}</List.Item>
      ))}
    </List>
  );
}
