// The rules of machines (decision 055): an asset tag once per company whatever its case, a location of the company's
// tree, every status change kept with who and why, meter readings never below the latest (checked here in words under
// the machine's row lock; the trigger machine_meter_forward is the second lock), and every change in the audit trail
// in the transaction that makes it.
import { v7 as uuidv7 } from 'uuid';
import { compareDecimal, normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { METER_SCALE } from '#common/maintenance/schedule.ts';
import {
  MACHINE_MESSAGES as M,
  MACHINE_HISTORY_LIMIT,
  type TMachineDetail,
  type TMachineFields,
  type TMachineListQuery,
  type TMachinePage,
  type TMachineStatus,
  type TMachineStatusChangeFields,
  type TMachineSummary,
  type TMeterReadingInput,
} from '#common/schemas/machines.ts';
import { statusStyle } from '#common/statuses.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation, sqlStateOf } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import { findLocation } from '../inventory/locations.repo.ts';
import * as repo from './machines.repo.ts';
import { refreshMachine } from './stored-schedule.ts';

const notFound = () => new AppError('NOT_FOUND', M.notFound);
const assetTagTaken = () => new AppError('CONFLICT', M.assetTagTaken, { assetTag: M.assetTagTaken });
const meterBackwards = (latest: string) =>
  new AppError('CONFLICT', M.meterBackwards(latest), { reading: M.meterBackwards(latest) });
const meter = (value: string) => normalizeDecimal(value, METER_SCALE);
const statusLabel = (status: string) => statusStyle('machine', status).label;

/** A machine as the API returns it in lists. */
export function summaryOf({ machine: m, location }: repo.TMachineWithLocation): TMachineSummary {
  return {
    id: m.id,
    name: m.name,
    assetTag: m.assetTag,
    location: location ? { id: location.id, code: location.fullCode, name: location.name } : null,
    make: m.make,
    model: m.model,
    serial: m.serial,
    commissionedOn: m.commissionedOn,
    status: m.status as TMachineStatus,
    meterReading: meter(m.meterReading),
    meterReadAt: m.meterReadAt ? m.meterReadAt.toISOString() : null,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export async function listMachines(tenant: TTenant, query: TMachineListQuery): Promise<TMachinePage> {
  const found = await tenant.run((tx) =>
    repo.listMachines(tx, tenant.companyId, query, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  );
  return { items: found.rows.map(summaryOf), total: found.total, page: query.page, pageSize: query.pageSize };
}

async function detailOf(tx: TDb, companyId: string, id: string): Promise<TMachineDetail> {
  const found = await repo.findMachine(tx, companyId, id);
  if (!found) throw notFound();
  const [events, readings] = [
    await repo.statusEventsOf(tx, companyId, id, MACHINE_HISTORY_LIMIT),
    await repo.meterReadingsOf(tx, companyId, id, MACHINE_HISTORY_LIMIT),
  ];
  return {
    ...summaryOf(found),
    statusHistory: events.map((e) => ({
      id: e.id,
      fromStatus: e.fromStatus as TMachineStatus | null,
      toStatus: e.toStatus as TMachineStatus,
      at: e.at.toISOString(),
      byName: e.byName,
      reason: e.reason,
    })),
    meterReadings: readings.map((r) => ({
      id: r.id,
      reading: meter(r.reading),
      readAt: r.readAt.toISOString(),
      source: r.source as 'manual' | 'work_order',
      byName: r.byName,
    })),
  };
}

export async function getMachine(tenant: TTenant, id: string): Promise<TMachineDetail> {
  return tenant.run((tx) => detailOf(tx, tenant.companyId, id));
}

/** The location's "code name" for the trail, after checking it is the company's (404 naming locationId). */
async function placeOf(tx: TDb, companyId: string, locationId: string | null): Promise<string | null> {
  if (locationId === null) return null;
  const location = await findLocation(tx, companyId, locationId);
  if (!location) throw new AppError('NOT_FOUND', M.locationNotFound, { locationId: M.locationNotFound });
  return `${location.fullCode} ${location.name}`;
}

/** The fields of a machine as the audit trail records them. */
function audited(fields: TMachineFields, place: string | null) {
  return {
    name: fields.name,
    assetTag: fields.assetTag,
    location: place,
    make: fields.make,
    model: fields.model,
    serial: fields.serial,
    commissionedOn: fields.commissionedOn,
  };
}

/** Runs a change, answering a duplicate asset tag that a concurrent request committed first with the same 409. */
async function guardAssetTag<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error)) throw assetTagTaken();
    throw error;
  }
}

/** POST /api/v1/machines: a running machine, its first status in its history. */
export async function createMachine(tenant: TTenant, input: TMachineFields): Promise<TMachineDetail> {
  return guardAssetTag(() =>
    tenant.run(async (tx) => {
      const place = await placeOf(tx, tenant.companyId, input.locationId);
      const id = uuidv7();
      await repo.insertMachine(tx, { id, companyId: tenant.companyId, ...input, status: 'running' });
      await repo.insertStatusEvent(tx, {
        id: uuidv7(),
        companyId: tenant.companyId,
        machineId: id,
        fromStatus: null,
        toStatus: 'running',
        byName: tenant.actor.name,
        reason: 'Added',
      });
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'machine',
        entityId: id,
        entityLabel: input.assetTag,
        action: 'created',
        after: { ...audited(input, place), status: 'running' },
      });
      return detailOf(tx, tenant.companyId, id);
    }),
  );
}

/** PUT /api/v1/machines/:id: the machine's fields, whole; its status and meter change through their own routes. */
export async function updateMachine(
  tenant: TTenant,
  id: string,
  input: TMachineFields,
): Promise<TMachineDetail> {
  return guardAssetTag(() =>
    tenant.run(async (tx) => {
      const before = await repo.lockMachine(tx, tenant.companyId, id);
      if (!before) throw notFound();
      const place = await placeOf(tx, tenant.companyId, input.locationId);
      const oldPlace = await placeOf(tx, tenant.companyId, before.locationId);
      const change = changedFields(audited(before, oldPlace), audited(input, place));
      if (Object.keys(change.after).length > 0) {
        await repo.updateMachine(tx, tenant.companyId, id, input);
        // Its name (the calendar's order) and hours a day (meter forecasts) move its plans' stored rows.
        await refreshMachine(tx, tenant.companyId, id);
        await recordAudit(tx, tenant.companyId, tenant.actor, {
          entityType: 'machine',
          entityId: id,
          entityLabel: input.assetTag,
          action: 'updated',
          ...change,
        });
      }
      return detailOf(tx, tenant.companyId, id);
    }),
  );
}

/** POST /api/v1/machines/:id/status: a new status and why, kept in the history; the same status again is 409. */
export async function changeMachineStatus(
  tenant: TTenant,
  id: string,
  { status, reason }: TMachineStatusChangeFields,
): Promise<TMachineDetail> {
  return tenant.run(async (tx) => {
    const machine = await repo.lockMachine(tx, tenant.companyId, id);
    if (!machine) throw notFound();
    if (machine.status === status) {
      const message = M.sameStatus(statusLabel(status));
      throw new AppError('CONFLICT', message, { status: message });
    }
    await repo.updateMachine(tx, tenant.companyId, id, { status });
    await repo.insertStatusEvent(tx, {
      id: uuidv7(),
      companyId: tenant.companyId,
      machineId: id,
      fromStatus: machine.status,
      toStatus: status,
      byName: tenant.actor.name,
      reason,
    });
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'machine',
      entityId: id,
      entityLabel: machine.assetTag,
      action: 'status-changed',
      before: { status: machine.status },
      after: { status, ...(reason ? { reason } : {}) },
    });
    return detailOf(tx, tenant.companyId, id);
  });
}

/**
 * POST /api/v1/machines/:id/meter-readings: a reading by hand. Below the latest is 409 naming `reading`, in words;
 * should anything else write a reading between our check and our insert, the trigger's refusal (check_violation)
 * becomes the same 409, never a 500.
 */
export async function recordMeterReading(
  tenant: TTenant,
  id: string,
  input: TMeterReadingInput,
): Promise<TMachineDetail> {
  const reading = meter(input.reading);
  let latest = '0';
  try {
    return await tenant.run(async (tx) => {
      const machine = await repo.lockMachine(tx, tenant.companyId, id);
      if (!machine) throw notFound();
      latest = meter(machine.meterReading);
      if (compareDecimal(reading, latest, METER_SCALE) < 0) throw meterBackwards(latest);
      const now = new Date();
      await repo.insertMeterReading(tx, {
        id: uuidv7(),
        companyId: tenant.companyId,
        machineId: id,
        reading,
        readAt: now,
        source: 'manual',
        byName: tenant.actor.name,
      });
      await repo.updateMachine(tx, tenant.companyId, id, { meterReading: reading, meterReadAt: now });
      await refreshMachine(tx, tenant.companyId, id);
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'machine',
        entityId: id,
        entityLabel: machine.assetTag,
        action: 'meter-read',
        before: { meterReading: latest },
        after: { meterReading: reading },
      });
      return detailOf(tx, tenant.companyId, id);
    });
  } catch (error) {
    if (sqlStateOf(error) === '23514') throw meterBackwards(latest);
    throw error;
  }
}
