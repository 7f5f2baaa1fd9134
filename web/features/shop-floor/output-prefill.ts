// What the output form starts with (decision 064): the good and scrap the last finished step recorded — what came
// through the end of the line — less what outputs have already recorded, so a finish's figures are not typed twice;
// put away at the work order's output location, else the assembly item's default location.
import { fromScaled, toScaled } from '#common/decimal.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import type { TFloor } from '#common/schemas/shop-floor.ts';
import { defectCodeOption } from '../../components/defect-code-select.tsx';

export type TOutputPrefill = {
  goodQuantity: string;
  scrapQuantity: string;
  scrapReason: string;
  /** The defect code the last finished step's scrap was recorded under (decision 076), and its label. */
  scrapDefectCodeId: string;
  scrapDefectCodeLabel: string;
  locationId: string;
  locationCode: string;
};

/** `a − b` when it is more than 0, else '' (an empty field, not a 0 to clear). */
function remaining(a: string | null, b: string): string {
  if (a === null) return '';
  const rest = toScaled(a, QUANTITY_SCALE) - toScaled(b, QUANTITY_SCALE);
  return rest > 0n ? fromScaled(rest, QUANTITY_SCALE) : '';
}

/** The run of the finished step furthest along the line, if any step is finished. */
function lastFinishedRun(floor: TFloor) {
  const finished = floor.steps.filter((s) => s.run?.status === 'finished');
  const last = finished.reduce<(typeof finished)[number] | undefined>(
    (best, s) => (!best || s.position > best.position ? s : best),
    undefined,
  );
  return last?.run ?? null;
}

/** The output form's first values for `floor` as it now is. */
export function outputPrefill(floor: TFloor): TOutputPrefill {
  const run = lastFinishedRun(floor);
  const scrapQuantity = remaining(run?.scrapQuantity ?? null, floor.scrapQuantity);
  const place = floor.outputLocation ?? floor.assemblyDefaultLocation ?? null;
  return {
    goodQuantity: remaining(run?.goodQuantity ?? null, floor.goodQuantity),
    scrapQuantity,
    scrapReason: scrapQuantity ? (run?.scrapReason ?? '') : '',
    scrapDefectCodeId: (scrapQuantity && run?.scrapDefectCode?.id) || '',
    scrapDefectCodeLabel:
      scrapQuantity && run?.scrapDefectCode ? defectCodeOption(run.scrapDefectCode).label : '',
    locationId: place?.id ?? '',
    locationCode: place?.code ?? '',
  };
}

/** Changes whenever the prefill would: the form starts again from it then (a step finished, an output recorded). */
export function prefillKey(floor: TFloor): string {
  const run = lastFinishedRun(floor);
  return [run?.finishedAt ?? '', floor.outputs.length, floor.outputLocation?.id ?? ''].join('|');
}
