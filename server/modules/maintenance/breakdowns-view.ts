// A breakdown as the API answers it: the list's summary (with its downtime, reported → resolved) and the detail with
// its cause, action, parts and the machine's status changes it made.
import type { TBreakdownDetail, TBreakdownSummary } from '#common/schemas/breakdowns.ts';
import { fileUrl } from '#common/schemas/files.ts';
import type { TMachineStatus } from '#common/schemas/machines.ts';
import type { TDb } from '../../db/client.ts';
import * as repo from './breakdowns.repo.ts';
import { chargedJob } from './maintenance-job.ts';
import { partsOf } from './parts.repo.ts';

const MINUTE_MS = 60_000;

/** Whole minutes from report to resolution; null while the breakdown is open. */
export function downtimeMinutes(reportedAt: Date, resolvedAt: Date | null): number | null {
  if (!resolvedAt) return null;
  return Math.max(0, Math.round((resolvedAt.getTime() - reportedAt.getTime()) / MINUTE_MS));
}

export function summaryOf({ breakdown: b, machine }: repo.TBreakdownWithMachine): TBreakdownSummary {
  return {
    id: b.id,
    number: b.number,
    machine: { ...machine, status: machine.status as TMachineStatus },
    problem: b.problem,
    priority: b.priority as TBreakdownSummary['priority'],
    status: b.status as TBreakdownSummary['status'],
    photoUrl: b.photoFileId ? fileUrl(b.photoFileId) : null,
    reportedAt: b.reportedAt.toISOString(),
    reportedBy: b.reportedBy,
    startedAt: b.startedAt?.toISOString() ?? null,
    startedBy: b.startedBy,
    resolvedAt: b.resolvedAt?.toISOString() ?? null,
    resolvedBy: b.resolvedBy,
    downtimeMinutes: downtimeMinutes(b.reportedAt, b.resolvedAt),
    repairMinutes: b.repairMinutes,
  };
}

/** The breakdown `id` of the company as GET /api/v1/breakdowns/:id answers it; null when there is none. */
export async function detailOf(tx: TDb, companyId: string, id: string): Promise<TBreakdownDetail | null> {
  const found = await repo.findBreakdown(tx, companyId, id);
  if (!found) return null;
  const events = await repo.eventsOfBreakdown(tx, companyId, id);
  return {
    ...summaryOf(found),
    cause: found.breakdown.cause,
    action: found.breakdown.action,
    parts: await partsOf(tx, companyId, { breakdownId: id }),
    machineEvents: events.map((e) => ({
      id: e.id,
      fromStatus: e.fromStatus as TMachineStatus | null,
      toStatus: e.toStatus as TMachineStatus,
      at: e.at.toISOString(),
      byName: e.byName,
      reason: e.reason,
    })),
    job: await chargedJob(tx, companyId, found.breakdown.jobId),
  };
}
