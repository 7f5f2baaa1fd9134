// The maintenance logs (issue 22): completed PMs and resolved breakdowns in a period of the company's days, and their
// figures in total, per month and per machine. The days are the company's (decision 040): its zone turns the first and
// last day into instants; the app clock (server/clock.ts) says where "now" is, so a period reaching into the future
// counts only the time that has passed, and a PM still inside its window is not yet counted against compliance.
import { AppError } from '#common/errors.ts';
import {
  MAINTENANCE_LOGS_MESSAGES as M,
  type TMaintenanceLogEntry,
  type TMaintenanceLogFilter,
  type TMaintenanceLogPage,
  type TMaintenanceLogQuery,
  type TMaintenanceMonth,
  type TMaintenanceReport,
  type TMaintenanceReportQuery,
} from '#common/schemas/maintenance-logs.ts';
import {
  addDays,
  addMonths,
  compareDates,
  dateIn,
  dayRangeIn,
  startOfMonth,
  todayIn,
} from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import { iso } from '../../db/instants.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import * as repo from './logs.repo.ts';
import { downtimeSpans, figuresOf, type TLogData, type TStretch } from './logs-figures.ts';
import { findMachine } from './machines.repo.ts';

const ms = (value: Date | string) => new Date(value).getTime();

/** The scope of a request in the company's zone, after checking that a named machine is the company's. */
async function scopeOf(
  tx: TDb,
  tenant: TTenant,
  filter: { from: string; to: string; machineId?: string | undefined },
): Promise<{ scope: repo.TLogScope; zone: string }> {
  if (filter.machineId && !(await findMachine(tx, tenant.companyId, filter.machineId))) {
    throw new AppError('NOT_FOUND', M.machineNotFound, { machineId: M.machineNotFound });
  }
  const zone = await companyTimeZone(tx, tenant.companyId);
  return {
    zone,
    scope: {
      companyId: tenant.companyId,
      from: filter.from,
      to: filter.to,
      start: dayRangeIn(filter.from, zone).from,
      end: dayRangeIn(filter.to, zone).to,
      machineId: filter.machineId,
    },
  };
}

function entryOf(row: repo.TLogEntryRow, zone: string): TMaintenanceLogEntry {
  const repair = row.kind === 'repair';
  return {
    kind: row.kind,
    id: row.id,
    machine: { id: row.machine_id, name: row.machine_name, assetTag: row.asset_tag },
    title: row.title,
    doneOn: row.done_on ?? dateIn(row.done_at, zone),
    doneAt: iso(row.done_at),
    doneBy: row.done_by ?? '',
    minutes: row.minutes === null ? null : Number(row.minutes),
    onTime: repair ? null : row.on_time,
    downtimeMinutes:
      repair && row.reported_at !== null
        ? Math.floor((ms(row.done_at) - ms(row.reported_at)) / 60_000)
        : null,
    cause: row.cause,
    action: row.action,
    parts: Number(row.parts),
    skippedTasks: row.skipped_tasks ?? [],
  };
}

/** A page of entries, newest first. */
export async function listLogEntries(
  tenant: TTenant,
  query: TMaintenanceLogQuery,
): Promise<TMaintenanceLogPage> {
  return tenant.run(async (tx) => {
    const { scope, zone } = await scopeOf(tx, tenant, query);
    const { rows, total } = await repo.listEntries(tx, scope, query.kind, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: rows.map((r) => entryOf(r, zone)), total, page: query.page, pageSize: query.pageSize };
  });
}

/** The first `limit` entries of `filter` (the CSV), newest first, and the company's today for the file's name. */
export async function logEntriesUpTo(
  tenant: TTenant,
  filter: TMaintenanceLogFilter,
  limit: number,
  now: Date,
): Promise<{ entries: TMaintenanceLogEntry[]; today: string }> {
  return tenant.run(async (tx) => {
    const { scope, zone } = await scopeOf(tx, tenant, filter);
    const { rows } = await repo.listEntries(tx, scope, filter.kind, { limit, offset: 0 });
    return { entries: rows.map((r) => entryOf(r, zone)), today: todayIn(zone, now) };
  });
}

/** What the figures are worked out from, for every machine of the scope. */
async function loadData(tx: TDb, scope: repo.TLogScope, machines: repo.TMachineRef[]): Promise<TLogData> {
  const [history, breakdowns, occurrences] = await Promise.all([
    repo.statusHistory(tx, scope),
    repo.breakdownsTouching(tx, scope),
    repo.occurrencesTouching(tx, scope),
  ]);
  const eventsOf = new Map<string, { at: Date | string; toStatus: string }[]>();
  for (const e of history) {
    const list = eventsOf.get(e.machine_id) ?? [];
    list.push({ at: e.at, toStatus: e.to_status });
    eventsOf.set(e.machine_id, list);
  }
  return {
    machines: machines.map((m) => ({
      id: m.id,
      addedAt: ms(m.created_at),
      downtime: downtimeSpans(eventsOf.get(m.id) ?? []),
    })),
    breakdowns: breakdowns.map((b) => ({
      machineId: b.machine_id,
      reportedAt: ms(b.reported_at),
      resolvedAt: b.resolved_at === null ? null : ms(b.resolved_at),
      repairMinutes: b.repair_minutes === null ? null : Number(b.repair_minutes),
    })),
    occurrences: occurrences.map((o) => ({
      machineId: o.machine_id,
      dueDate: o.due_on,
      completedOn: o.status === 'completed' ? o.completed_on : null,
      graceDays: Number(o.grace_days),
      missed: o.status === 'missed',
    })),
  };
}

/** The days `from`..`to` as instants in `zone`, ending no later than `now`. */
function stretchOf(from: string, to: string, zone: string, now: number): TStretch {
  const start = ms(dayRangeIn(from, zone).from);
  return { from, to, start, end: Math.max(start, Math.min(ms(dayRangeIn(to, zone).to), now)) };
}

/** Each month from `from` to `to`, cut to the period at either end. */
export function monthsOf(from: string, to: string): Array<{ month: string; start: string; end: string }> {
  const months: Array<{ month: string; start: string; end: string }> = [];
  for (let first = startOfMonth(from); compareDates(first, to) <= 0; first = addMonths(first, 1)) {
    const last = addDays(addMonths(first, 1), -1);
    months.push({
      month: first.slice(0, 7),
      start: compareDates(first, from) < 0 ? from : first,
      end: compareDates(last, to) > 0 ? to : last,
    });
  }
  return months;
}

/** The figures of the period: in total, per month, and for a page of machines by name. */
export async function maintenanceReport(
  tenant: TTenant,
  query: TMaintenanceReportQuery,
  now: Date,
): Promise<TMaintenanceReport> {
  return tenant.run(async (tx) => {
    const { scope, zone } = await scopeOf(tx, tenant, query);
    const today = todayIn(zone, now);
    const all = await repo.reportMachines(tx, scope, null);
    const page = await repo.reportMachines(tx, scope, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const data = await loadData(tx, scope, all.rows);
    const whole = stretchOf(query.from, query.to, zone, now.getTime());
    const months: TMaintenanceMonth[] = monthsOf(query.from, query.to).map((m) => ({
      ...m,
      ...figuresOf(data, stretchOf(m.start, m.end, zone, now.getTime()), today),
    }));
    return {
      from: query.from,
      to: query.to,
      machineId: query.machineId ?? null,
      timeZone: zone,
      totals: figuresOf(data, whole, today),
      months,
      items: page.rows.map((m) => ({
        machine: { id: m.id, name: m.name, assetTag: m.asset_tag },
        ...figuresOf(data, whole, today, new Set([m.id])),
      })),
      total: page.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}
