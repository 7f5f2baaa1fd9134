// Queries of time entries (decision 080), inside the tenant's transaction; company_id in every where. The rate
// snapshot and the cost are computed by the database in numeric, so money never passes through a float.
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { TTimeSource } from '#common/schemas/time.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { timeEntries } from './time.tables.ts';

// The approvals of a person's weeks live beside, in time-weeks.repo.ts; callers reach them through this module.
export * from './time-weeks.repo.ts';

export type TEntryRow = typeof timeEntries.$inferSelect;

/** An entry as the screens show it: with its person's name, its job's number and name, and its step. */
export interface TEntryView {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  job_id: string;
  job_number: number;
  job_name: string;
  step_run_id: string | null;
  work_order_number: number | null;
  step_position: number | null;
  step_title: string | null;
  breakdown_id: string | null;
  occurrence_id: string | null;
  activity: string | null;
  started_at: string | Date;
  ended_at: string | Date | null;
  source: string;
  reason: string | null;
  rate: string;
  cost: string | null;
}

/**
 * The burdened rate of `userId` in force at `at` (the latest that took effect by then), 0 before the first: every
 * user has one from their first day, so 0 only ever stands for "not set".
 */
export const rateAtSql = (companyId: string, userId: string, at: SQL | Date) =>
  sql`coalesce((select lr.rate from labor_rates lr
                 where lr.company_id = ${companyId} and lr.user_id = ${userId} and lr.effective_from <= ${at}
                 order by lr.effective_from desc, lr.id desc limit 1), 0)`;

/** rate × hours to 4 decimals, in numeric (extract(epoch …) is numeric too). */
export const costSql = (rate: SQL, from: SQL, to: SQL) =>
  sql`round(${rate} * extract(epoch from (${to} - ${from})) / 3600, 4)`;

const viewSelect = sql`
  select te.id, te.user_id, u.first_name, u.last_name, te.job_id, j.number as job_number, j.name as job_name,
         te.step_run_id, wo.number as work_order_number, s.position as step_position, s.title as step_title,
         te.breakdown_id, te.occurrence_id, te.activity, te.started_at, te.ended_at, te.source, te.reason, te.rate::text as rate, te.cost::text as cost
    from time_entries te
    join users u on u.id = te.user_id
    join jobs j on j.company_id = te.company_id and j.id = te.job_id
    left join work_order_step_runs r on r.company_id = te.company_id and r.id = te.step_run_id
    left join work_orders wo on wo.company_id = r.company_id and wo.id = r.work_order_id
    left join assembly_steps s on s.company_id = r.company_id and s.id = r.step_id`;

/** Entries of `userId` that touch [from, to), by start. */
export function entriesOfUser(
  tx: TDb,
  companyId: string,
  userId: string,
  from: string,
  to: string,
): Promise<TEntryView[]> {
  return queryRows<TEntryView>(
    tx,
    sql`${viewSelect}
       where te.company_id = ${companyId} and te.user_id = ${userId}
         and te.started_at < ${to} and (te.ended_at is null or te.ended_at > ${from})
       order by te.started_at, te.id`,
  );
}

export async function entryView(tx: TDb, companyId: string, id: string): Promise<TEntryView | null> {
  const [row] = await queryRows<TEntryView>(
    tx,
    sql`${viewSelect} where te.company_id = ${companyId} and te.id = ${id}`,
  );
  return row ?? null;
}

/** The entry, locked for the rest of the transaction (an edit and a delete of it queue up). */
export async function lockEntry(tx: TDb, companyId: string, id: string): Promise<TEntryRow | null> {
  const [row] = await tx
    .select()
    .from(timeEntries)
    .where(sql`${timeEntries.companyId} = ${companyId} and ${timeEntries.id} = ${id}`)
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The person's running clock, locked (a clock-out and a switch of it queue up). */
export async function lockRunning(tx: TDb, companyId: string, userId: string): Promise<TEntryRow | null> {
  const [row] = await tx
    .select()
    .from(timeEntries)
    .where(
      sql`${timeEntries.companyId} = ${companyId} and ${timeEntries.userId} = ${userId} and ${timeEntries.endedAt} is null`,
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The first of the person's entries overlapping [from, to) (to null: running on), but `exceptId`. */
export async function overlapping(
  tx: TDb,
  companyId: string,
  userId: string,
  from: Date,
  to: Date | null,
  exceptId: string | null = null,
): Promise<TEntryView | null> {
  const [row] = await queryRows<TEntryView>(
    tx,
    sql`${viewSelect}
       where te.company_id = ${companyId} and te.user_id = ${userId}
         and tstzrange(te.started_at, coalesce(te.ended_at, 'infinity'::timestamptz), '[)')
             && tstzrange(${from}::timestamptz, coalesce(${to}::timestamptz, 'infinity'::timestamptz), '[)')
         ${exceptId ? sql`and te.id <> ${exceptId}` : sql``}
       order by te.started_at limit 1`,
  );
  return row ?? null;
}

export interface TNewEntry {
  companyId: string;
  userId: string;
  jobId: string;
  stepRunId: string | null;
  /** The repair or PM it is spent on (decision 085); at most one of these and stepRunId. */
  breakdownId?: string | null;
  occurrenceId?: string | null;
  activity: string | null;
  startedAt: Date;
  endedAt: Date | null;
  source: TTimeSource;
  reason: string | null;
  createdBy: string;
}

/** Inserts the entry at the person's rate in force at its start, costed when it has an end; returns its id. */
export async function insertEntry(tx: TDb, e: TNewEntry): Promise<string> {
  const id = uuidv7();
  const rate = rateAtSql(e.companyId, e.userId, e.startedAt);
  const start = sql`${e.startedAt}::timestamptz`;
  await tx.execute(sql`
    insert into time_entries (id, company_id, user_id, job_id, step_run_id, breakdown_id, occurrence_id, activity,
                              started_at, ended_at, source, reason, rate, cost, created_by)
    select ${id}, ${e.companyId}, ${e.userId}, ${e.jobId}, ${e.stepRunId}, ${e.breakdownId ?? null},
           ${e.occurrenceId ?? null}, ${e.activity}, ${start},
           ${e.endedAt}::timestamptz, ${e.source}, ${e.reason}, r.rate,
           ${e.endedAt ? costSql(sql`r.rate`, start, sql`${e.endedAt}::timestamptz`) : sql`null`}, ${e.createdBy}
      from (select ${rate} as rate) r`);
  return id;
}

/** Ends a running entry at `at` and costs it at its own rate snapshot. */
export async function stopEntry(tx: TDb, companyId: string, id: string, at: Date): Promise<void> {
  const end = sql`${at}::timestamptz`;
  await tx.execute(sql`
    update time_entries
       set ended_at = ${end}, cost = ${costSql(sql`rate`, sql`started_at`, end)}, updated_at = now()
     where company_id = ${companyId} and id = ${id}`);
}

export interface TEntryChange {
  jobId: string;
  stepRunId: string | null;
  activity: string | null;
  startedAt: Date;
  endedAt: Date;
  reason: string;
}

/** Rewrites an ended entry: the rate is the one in force at its (new) start, the cost follows. */
export async function rewriteEntry(
  tx: TDb,
  companyId: string,
  userId: string,
  id: string,
  c: TEntryChange,
): Promise<void> {
  const start = sql`${c.startedAt}::timestamptz`;
  const end = sql`${c.endedAt}::timestamptz`;
  await tx.execute(sql`
    update time_entries te
       set job_id = ${c.jobId}, step_run_id = ${c.stepRunId}, activity = ${c.activity}, started_at = ${start},
           ended_at = ${end}, reason = ${c.reason}, rate = r.rate, cost = ${costSql(sql`r.rate`, start, end)},
           updated_at = now()
      from (select ${rateAtSql(companyId, userId, c.startedAt)} as rate) r
     where te.company_id = ${companyId} and te.id = ${id}`);
}

export async function deleteEntry(tx: TDb, companyId: string, id: string): Promise<void> {
  await tx.execute(sql`delete from time_entries where company_id = ${companyId} and id = ${id}`);
}

/** The company's active or inactive person (the tenant reads only the columns that name people), or null. */
export async function findPerson(
  tx: TDb,
  companyId: string,
  userId: string,
): Promise<{ id: string; first_name: string; last_name: string } | null> {
  const [row] = await queryRows<{ id: string; first_name: string; last_name: string }>(
    tx,
    sql`select id, first_name, last_name from users where company_id = ${companyId} and id = ${userId}`,
  );
  return row ?? null;
}

/** A step run of the company with its work order's job (null when the work order belongs to none). */
export async function findStepRun(
  tx: TDb,
  companyId: string,
  id: string,
): Promise<{ id: string; job_id: string | null } | null> {
  const [row] = await queryRows<{ id: string; job_id: string | null }>(
    tx,
    sql`select r.id, wo.job_id from work_order_step_runs r
          join work_orders wo on wo.company_id = r.company_id and wo.id = r.work_order_id
         where r.company_id = ${companyId} and r.id = ${id}`,
  );
  return row ?? null;
}

/** The running entries that name the step run, locked (finishing the step stops them). */
export async function lockRunningOnStep(tx: TDb, companyId: string, stepRunId: string): Promise<TEntryRow[]> {
  return tx
    .select()
    .from(timeEntries)
    .where(
      sql`${timeEntries.companyId} = ${companyId} and ${timeEntries.stepRunId} = ${stepRunId} and ${timeEntries.endedAt} is null`,
    )
    .for('update');
}

/** The running entries on the job, locked (holding or closing it stops them). */
export async function lockRunningOnJob(tx: TDb, companyId: string, jobId: string): Promise<TEntryRow[]> {
  return tx
    .select()
    .from(timeEntries)
    .where(
      and(eq(timeEntries.companyId, companyId), eq(timeEntries.jobId, jobId), isNull(timeEntries.endedAt)),
    )
    .for('update');
}

/** The running entries on the repair or PM occurrence, locked (resolving or completing it stops them). */
export async function lockRunningOnMaintenance(
  tx: TDb,
  companyId: string,
  target: { breakdownId: string } | { occurrenceId: string },
): Promise<TEntryRow[]> {
  const on =
    'breakdownId' in target
      ? eq(timeEntries.breakdownId, target.breakdownId)
      : eq(timeEntries.occurrenceId, target.occurrenceId);
  return tx
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.companyId, companyId), on, isNull(timeEntries.endedAt)))
    .for('update');
}

/** The job's status (open, on_hold, closed), or null when it is not the company's. */
export async function jobStatus(tx: TDb, companyId: string, jobId: string): Promise<string | null> {
  const [row] = await queryRows<{ status: string }>(
    tx,
    sql`select status from jobs where company_id = ${companyId} and id = ${jobId}`,
  );
  return row?.status ?? null;
}
