// The rules of breakdowns (decision 057): reporting one takes its machine down, working it puts the machine in
// maintenance, resolving it issues the parts used from stock and brings the machine back (running unless the
// technician says otherwise) — each move of the machine a machine_status_events row naming the breakdown, and each
// change ONE tenant transaction with its audit entry, so a refusal anywhere (a part short in stock) leaves the
// breakdown, the machine and the stock as they were. Every instant is the app clock's (`now`, server/clock.ts).
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import {
  breakdownLabel,
  BREAKDOWN_MESSAGES as M,
  type TBreakdownDetail,
  type TBreakdownListQuery,
  type TBreakdownPage,
  type TBreakdownReported,
  type TBreakdownReportFields,
  type TBreakdownResolveFields,
} from '#common/schemas/breakdowns.ts';
import { kindOf } from '#common/schemas/files.ts';
import type { TMachineStatus } from '#common/schemas/machines.ts';
import type { TMaintenanceJob } from '#common/schemas/maintenance-job.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { takeNextNumber } from '../companies/counters.repo.ts';
import { findFile } from '../files/files.repo.ts';
import { clockOffMaintenance } from '../time/time-clock.service.ts';
import * as repo from './breakdowns.repo.ts';
import { detailOf, downtimeMinutes, summaryOf } from './breakdowns-view.ts';
import * as machinesRepo from './machines.repo.ts';
import { chargeToJob, jobForParts } from './maintenance-job.ts';
import { noticeBreakdown } from './notices.ts';
import { issueMaintenanceParts } from './parts-issue.ts';

const notFound = () => new AppError('NOT_FOUND', M.notFound);
const machineNotFound = () => new AppError('NOT_FOUND', M.machineNotFound, { machineId: M.machineNotFound });
/** Never before the report: a clock set back (a test, a corrected server) must not break reported ≤ resolved. */
const notBefore = (now: Date, reportedAt: Date) => (now < reportedAt ? reportedAt : now);

export async function listBreakdowns(tenant: TTenant, query: TBreakdownListQuery): Promise<TBreakdownPage> {
  const found = await tenant.run(async (tx) => {
    // A machine filter naming another company's machine is a missing machine, not an empty list.
    if (query.machineId && !(await machinesRepo.findMachine(tx, tenant.companyId, query.machineId)))
      throw machineNotFound();
    return repo.listBreakdowns(tx, tenant.companyId, query, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
  });
  return { items: found.rows.map(summaryOf), total: found.total, page: query.page, pageSize: query.pageSize };
}

async function detail(tx: TDb, companyId: string, id: string): Promise<TBreakdownDetail> {
  const found = await detailOf(tx, companyId, id);
  if (!found) throw notFound();
  return found;
}

export async function getBreakdown(tenant: TTenant, id: string): Promise<TBreakdownDetail> {
  return tenant.run((tx) => detail(tx, tenant.companyId, id));
}

/**
 * Moves the (locked) machine to `to` through a status event naming the breakdown. A machine already there is left
 * there; only when a report finds it already down is the event still written (down → down, "already down"), so the
 * history shows every breakdown that touched it and its downtime is not counted twice.
 */
async function moveMachine(
  tx: TDb,
  tenant: TTenant,
  machine: machinesRepo.TMachineRow,
  move: { to: TMachineStatus; reason: string; breakdownId: string; at: Date; noteWhenSame?: string },
): Promise<void> {
  const same = machine.status === move.to;
  if (same && !move.noteWhenSame) return;
  if (!same) await machinesRepo.updateMachine(tx, tenant.companyId, machine.id, { status: move.to });
  await machinesRepo.insertStatusEvent(tx, {
    id: uuidv7(),
    companyId: tenant.companyId,
    machineId: machine.id,
    fromStatus: machine.status,
    toStatus: move.to,
    at: move.at,
    byName: tenant.actor.name,
    reason: same ? `${move.reason}: ${move.noteWhenSame}` : move.reason,
    breakdownId: move.breakdownId,
  });
}

/** The photo must be a picture of the company (404 naming photoFileId as for a file nowhere; 400 for a video). */
async function checkPhoto(tx: TDb, companyId: string, photoFileId: string | null): Promise<string | null> {
  if (photoFileId === null) return null;
  const file = await findFile(tx, companyId, photoFileId);
  if (!file) throw new AppError('NOT_FOUND', M.photoNotFound, { photoFileId: M.photoNotFound });
  if (kindOf(file.contentType) !== 'image')
    throw new AppError('BAD_REQUEST', M.photoNotPicture, { photoFileId: M.photoNotPicture });
  return file.name;
}

/**
 * POST /api/v1/breakdowns: the next number, the machine down (with the event), the audit entry and, when the company
 * wants breakdown alerts, the alert's notice and e-mails (decision 058) — one transaction, so an alert is sent once for
 * a breakdown that exists, never for one rolled back.
 */
export async function reportBreakdown(
  tenant: TTenant,
  input: TBreakdownReportFields,
  now: Date,
  appUrl: string,
): Promise<TBreakdownReported> {
  return tenant.run(async (tx) => {
    const { companyId } = tenant;
    const machine = await machinesRepo.lockMachine(tx, companyId, input.machineId);
    if (!machine) throw machineNotFound();
    const photo = await checkPhoto(tx, companyId, input.photoFileId);
    const id = uuidv7();
    const number = await takeNextNumber(tx, companyId, 'breakdown');
    await repo.insertBreakdown(tx, {
      id,
      companyId,
      number,
      machineId: machine.id,
      problem: input.problem,
      priority: input.priority,
      photoFileId: input.photoFileId,
      status: 'reported',
      reportedAt: now,
      reportedBy: tenant.actor.name,
    });
    await moveMachine(tx, tenant, machine, {
      to: 'down',
      reason: `${breakdownLabel(number)} reported`,
      breakdownId: id,
      at: now,
      noteWhenSame: 'the machine was already down',
    });
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'breakdown',
      entityId: id,
      entityLabel: breakdownLabel(number),
      action: 'reported',
      after: {
        machine: machine.assetTag,
        problem: input.problem,
        priority: input.priority,
        photo,
        status: 'reported',
        machineStatus: 'down',
      },
    });
    // Who was told goes back to the reporter (decision 067): the first breakdown must not e-mail nobody unseen.
    const alert = await noticeBreakdown(tx, companyId, id, appUrl);
    return { ...(await detail(tx, companyId, id)), alert };
  });
}

/** The breakdown locked, with 404 for one that is not the company's and 409 naming `status` once it is resolved. */
async function lockOpen(tx: TDb, companyId: string, id: string): Promise<repo.TBreakdownRow> {
  const breakdown = await repo.lockBreakdown(tx, companyId, id);
  if (!breakdown) throw notFound();
  if (breakdown.status === 'resolved') {
    const message = M.alreadyResolved(breakdown.number);
    throw new AppError('CONFLICT', message, { status: message });
  }
  return breakdown;
}

/** POST /api/v1/breakdowns/:id/start: in progress, the machine in maintenance; twice is 409 naming status. */
export async function startBreakdown(tenant: TTenant, id: string, now: Date): Promise<TBreakdownDetail> {
  return tenant.run(async (tx) => {
    const { companyId } = tenant;
    const breakdown = await lockOpen(tx, companyId, id);
    if (breakdown.status === 'in_progress') {
      const message = M.alreadyStarted(breakdown.number);
      throw new AppError('CONFLICT', message, { status: message });
    }
    const at = notBefore(now, breakdown.reportedAt);
    await repo.updateBreakdown(tx, companyId, id, {
      status: 'in_progress',
      startedAt: at,
      startedBy: tenant.actor.name,
    });
    const machine = (await machinesRepo.lockMachine(tx, companyId, breakdown.machineId))!;
    await moveMachine(tx, tenant, machine, {
      to: 'in_maintenance',
      reason: `Work on ${breakdownLabel(breakdown.number)} started`,
      breakdownId: id,
      at,
    });
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'breakdown',
      entityId: id,
      entityLabel: breakdownLabel(breakdown.number),
      action: 'started',
      before: { status: 'reported', machineStatus: machine.status },
      after: { status: 'in_progress', machineStatus: 'in_maintenance' },
    });
    return detail(tx, companyId, id);
  });
}

/**
 * POST /api/v1/breakdowns/:id/resolve: cause, action and repair time recorded, the parts issued from stock (never
 * below zero), the machine moved to `machineStatus`, the downtime closed — one transaction. Resolving twice is 409
 * naming status; a part short in stock is 409 naming parts.N.quantity, and nothing at all is changed.
 */
export async function resolveBreakdown(
  tenant: TTenant,
  id: string,
  input: TBreakdownResolveFields,
  now: Date,
): Promise<TBreakdownDetail> {
  return tenant.run(async (tx) => {
    const { companyId } = tenant;
    const breakdown = await lockOpen(tx, companyId, id);
    const at = notBefore(now, breakdown.reportedAt);
    const machine = (await machinesRepo.lockMachine(tx, companyId, breakdown.machineId))!;
    const label = breakdownLabel(breakdown.number);
    // The job named with the resolution (decision 085) is set first: the parts' posting names it.
    if (input.jobId !== undefined) await chargeToJob(tx, tenant, { breakdownId: id }, input.jobId);
    const jobId = await jobForParts(tx, companyId, { breakdownId: id }, input.parts.length);
    const issued = await issueMaintenanceParts(tx, tenant, { breakdownId: id }, input.parts, {
      reference: `${label} · ${machine.assetTag}`,
      at,
      jobId,
    });
    // Repair time lies within the downtime (decision 067): MTTR ≤ the stop, so availability never reads lower than
    // the downtime beside it allows. After the parts' checks (their 404s name another company's ids first); the
    // refusal rolls the whole transaction back, parts included.
    const downtime = downtimeMinutes(breakdown.reportedAt, at) ?? 0;
    if (input.repairMinutes > downtime) {
      const message = M.repairOverDowntime(downtime);
      throw new AppError('BAD_REQUEST', message, { repairMinutes: message });
    }
    await repo.updateBreakdown(tx, companyId, id, {
      status: 'resolved',
      resolvedAt: at,
      resolvedBy: tenant.actor.name,
      cause: input.cause,
      action: input.action,
      repairMinutes: input.repairMinutes,
    });
    // Its clocks stop at the resolution: time on a done repair is typed, not clocked (decision 085).
    await clockOffMaintenance(tx, tenant, { breakdownId: id }, at);
    await moveMachine(tx, tenant, machine, {
      to: input.machineStatus,
      reason: `${label} resolved`,
      breakdownId: id,
      at,
    });
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'breakdown',
      entityId: id,
      entityLabel: label,
      action: 'resolved',
      before: { status: breakdown.status, machineStatus: machine.status },
      after: {
        status: 'resolved',
        machineStatus: input.machineStatus,
        cause: input.cause,
        action: input.action,
        repairMinutes: input.repairMinutes,
        downtimeMinutes: downtimeMinutes(breakdown.reportedAt, at),
        parts: issued.length,
      },
    });
    return detail(tx, companyId, id);
  });
}

/** PUT /api/v1/breakdowns/:id/job: the open breakdown charged to a job, or to none (decision 085). */
export async function setBreakdownJob(
  tenant: TTenant,
  id: string,
  input: TMaintenanceJob,
): Promise<TBreakdownDetail> {
  return tenant.run(async (tx) => {
    await chargeToJob(tx, tenant, { breakdownId: id }, input.jobId);
    return detail(tx, tenant.companyId, id);
  });
}
