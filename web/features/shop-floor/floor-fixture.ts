// The floor views the shop-floor tests draw: a work order of 2 TOP-1 in two steps (Fit, Fasten), a lot-tracked BOLT
// scanned at Fasten and kept in SITE / BIN, and SCREWs backflushed at Fit. Only the tests import it.
import type { TFloor } from '#common/schemas/shop-floor.ts';

export type TRun = NonNullable<TFloor['steps'][number]['run']>;
export type TFloorComponent = TFloor['components'][number];

export const BIN = { id: '01930000-0000-7000-8000-00000000000b', code: 'SITE / BIN' };
export const OUT = { id: '01930000-0000-7000-8000-000000000009', code: 'SITE / OUT' };
export const STEP_FIT = '01930000-0000-7000-8000-0000000000f1';
export const STEP_FASTEN = '01930000-0000-7000-8000-0000000000f2';

/** A step's run in `status`; a finished one came through with `good` good and `scrap` scrapped. */
export function run(
  status: TRun['status'],
  { good = '2', scrap = '0', reason = null }: { good?: string; scrap?: string; reason?: string | null } = {},
): TRun {
  const finished = status === 'finished';
  return {
    status,
    startedByName: 'Otto Op <otto@floor.example>',
    startedAt: '2026-11-26T22:00:00.000Z',
    pausedAt: status === 'paused' ? '2026-11-26T22:10:00.000Z' : null,
    pausedMinutes: '0',
    finishedByName: finished ? 'Otto Op <otto@floor.example>' : null,
    finishedAt: finished ? '2026-11-26T22:20:00.000Z' : null,
    goodQuantity: finished ? good : null,
    scrapQuantity: finished ? scrap : null,
    scrapReason: finished ? reason : null,
    scrapDefectCode: null,
  };
}

export const bolt = (over: Partial<TFloorComponent> = {}): TFloorComponent => ({
  itemId: '01930000-0000-7000-8000-0000000000a1',
  partNumber: 'BOLT',
  name: 'Bolt',
  unitOfMeasure: 'ea',
  lotTracked: true,
  stepIds: [STEP_FASTEN],
  consumption: 'scan',
  planned: '2',
  reserved: '2',
  consumed: '0',
  left: '2',
  over: '0',
  defaultLocation: BIN,
  ...over,
});

export const screw = (over: Partial<TFloorComponent> = {}): TFloorComponent => ({
  itemId: '01930000-0000-7000-8000-0000000000a2',
  partNumber: 'SCREW',
  name: 'Screw',
  unitOfMeasure: 'ea',
  lotTracked: false,
  stepIds: [null],
  consumption: 'backflush',
  planned: '8',
  reserved: '8',
  consumed: '0',
  left: '8',
  over: '0',
  defaultLocation: BIN,
  ...over,
});

export function floorOf(
  status: TFloor['status'],
  runs: Array<TRun | null>,
  over: Partial<TFloor> = {},
): TFloor {
  return {
    id: '01930000-0000-7000-8000-000000000001',
    numberText: 'WO-000042',
    status,
    partNumber: 'TOP-1',
    name: 'Top assembly',
    unitOfMeasure: 'ea',
    quantity: '2',
    goodQuantity: '0',
    scrapQuantity: '0',
    outputLocation: OUT,
    assemblyDefaultLocation: null,
    steps: [
      {
        id: STEP_FIT,
        position: 1,
        title: 'Fit',
        instructions: 'Press **firmly**. <script>window.hacked = true</script><b>raw</b>',
        files: [],
        run: runs[0] ?? null,
        backflush: [{ itemId: screw().itemId, partNumber: 'SCREW', unitOfMeasure: 'ea', left: '8' }],
        checks: [],
      },
      {
        id: STEP_FASTEN,
        position: 2,
        title: 'Fasten',
        instructions: 'Torque to 4 Nm.',
        files: [],
        run: runs[1] ?? null,
        backflush: [],
        checks: [],
      },
    ],
    components: [bolt(), screw()],
    consumptions: [],
    outputs: [],
    ...over,
  };
}
