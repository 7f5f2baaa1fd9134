// Where an inspection stands, unit by unit (decision 072): the (check, reading)s each unit needs, the first unit still
// missing a result (where a resumed inspection opens) and the next one after a given unit (where the keyboard goes
// once a unit is done). Pure, so the runner and its test share it.
import type { TInspection } from '#common/schemas/inspections.ts';

/** The (check, reading)s of one unit, in the plan's order. */
export function slotsOf(inspection: TInspection) {
  return inspection.checks.flatMap((check) =>
    Array.from({ length: check.readingsPerUnit }, (_, i) => ({ check, readingNo: i + 1 })),
  );
}

/** The units still missing a result, in order. */
export function openUnits(inspection: TInspection): number[] {
  const recorded = new Set(inspection.results.map((r) => `${r.checkId}|${r.unitNo}|${r.readingNo}`));
  const slots = slotsOf(inspection);
  const open: number[] = [];
  for (let unit = 1; unit <= inspection.sampleSize; unit++)
    if (slots.some((s) => !recorded.has(`${s.check.id}|${unit}|${s.readingNo}`))) open.push(unit);
  return open;
}

/** The first unit still missing a result; the last unit when all are recorded. */
export function firstOpenUnit(inspection: TInspection): number {
  return openUnits(inspection)[0] ?? inspection.sampleSize;
}

/** The next unit after `unit` still missing a result, else the first one before it, else null (all recorded). */
export function nextOpenUnit(inspection: TInspection, unit: number): number | null {
  const open = openUnits(inspection);
  return open.find((u) => u > unit) ?? open[0] ?? null;
}
