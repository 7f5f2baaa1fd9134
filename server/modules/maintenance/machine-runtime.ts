// Runtime from the shop floor (decision 063): a finished run of a step that names its machine adds the run's working
// time (start to finish less pauses) to that machine's runtime meter, in the finishing transaction, as a
// `work_order` reading that names the step run — once, whatever two finishes at once or a retry do (the unique
// step_run_id). Meter-based maintenance plans then fall due as the machine really runs, with no one reading the
// meter by hand. The machine's row is locked as a manual reading locks it, so the two queue and the meter only rises.
import { v7 as uuidv7 } from 'uuid';
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { METER_SCALE } from '#common/maintenance/schedule.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuditActor } from '../audit/audit.ts';
import { recordAudit } from '../audit/audit.ts';
import * as repo from './machines.repo.ts';
import { refreshMachine } from './stored-schedule.ts';

/** Minutes (3 decimals) as meter hours (2 decimals), rounded half up: 45 min is 0.75 h, 20 s is 0.01 h. */
export function minutesAsHours(minutes: string): string {
  const thousandths = toScaled(minutes, 3);
  if (thousandths <= 0n) return '0';
  // hours × 100 = minutes × 1000 / 600, rounded half up.
  return fromScaled((thousandths * 2n + 600n) / 1200n, METER_SCALE);
}

export interface TStepRuntime {
  machineId: string;
  workOrderId: string;
  stepRunId: string;
  /** The run's working minutes, 3 decimals. */
  minutes: string;
  /** "WO-000012 step 2. Fit the head", as the meter history and the trail name it. */
  label: string;
}

/** Adds a finished step run's time to its machine's meter; nothing when the run took no countable time. */
export async function addStepRuntime(
  tx: TDb,
  companyId: string,
  actor: TAuditActor,
  run: TStepRuntime,
): Promise<void> {
  const hours = minutesAsHours(run.minutes);
  if (hours === '0') return;
  const machine = await repo.lockMachine(tx, companyId, run.machineId);
  // A step names a machine of its company (the foreign key); one gone since is no meter to add to.
  if (!machine) return;
  const before = normalizeDecimal(machine.meterReading, METER_SCALE);
  const reading = fromScaled(toScaled(before, METER_SCALE) + toScaled(hours, METER_SCALE), METER_SCALE);
  const now = new Date();
  await repo.insertMeterReading(tx, {
    id: uuidv7(),
    companyId,
    machineId: run.machineId,
    reading,
    readAt: now,
    source: 'work_order',
    byName: `${actor.name} · ${run.label}`,
    workOrderId: run.workOrderId,
    stepRunId: run.stepRunId,
  });
  await repo.updateMachine(tx, companyId, run.machineId, { meterReading: reading, meterReadAt: now });
  // The meter moves the machine's plans on the stored PM schedule (decision 091), in this transaction.
  await refreshMachine(tx, companyId, run.machineId);
  await recordAudit(tx, companyId, actor, {
    entityType: 'machine',
    entityId: run.machineId,
    entityLabel: machine.assetTag,
    action: 'meter-read',
    before: { meterReading: before },
    after: { meterReading: reading, runtimeFrom: run.label },
  });
}
