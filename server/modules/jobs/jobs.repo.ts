// Queries of the shop's jobs (decision 079), run inside a tenant transaction; company_id in every where and join.
// Linking an order moves its work orders' job_id with it here, so both are one statement pair in one transaction.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { buildOrders } from '../build/orders.tables.ts';
import { jobs } from './jobs.tables.ts';

export type TJobRow = typeof jobs.$inferSelect;

/** The people whose clocks run on the job now, by name. */
export async function clockedInOn(tx: TDb, companyId: string, jobId: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`select trim(u.first_name || ' ' || u.last_name) as name
          from time_entries e
          join users u on u.company_id = e.company_id and u.id = e.user_id
         where e.company_id = ${companyId} and e.job_id = ${jobId} and e.ended_at is null
         order by 1`,
  );
  return rows.map((r) => r.name);
}

/** A job number typed as 42, 000042 or JOB-000042. */
const NUMBER = /^(?:job-?)?0*(\d{1,9})$/i;

function filterSql(companyId: string, q: string, status: string) {
  const parts = [sql`j.company_id = ${companyId}`];
  if (status === 'active') parts.push(sql`j.status <> 'closed'`);
  else if (status !== 'all') parts.push(sql`j.status = ${status}`);
  if (q) {
    const pattern = containsPattern(q.toLowerCase());
    const number = NUMBER.exec(q)?.[1];
    parts.push(sql`(lower(j.name) like ${pattern} or lower(j.customer) like ${pattern}
      ${number ? sql`or j.number = ${Number(number)}` : sql``})`);
  }
  return sql.join(parts, sql` and `);
}

export interface TJobListRow {
  id: string;
  number: number;
  name: string;
  customer: string;
  status: string;
  budget_hours: string | null;
  budget_cost: string | null;
  created_at: Date | string;
  total: number;
}

/** A page of jobs, newest number first, with how many match; `limit` rows from `offset`. */
export async function listJobs(
  tx: TDb,
  companyId: string,
  filter: { q: string; status: string },
  page: { limit: number; offset: number },
) {
  const where = filterSql(companyId, filter.q, filter.status);
  const rows = await queryRows<TJobListRow>(
    tx,
    sql`select j.id, j.number, j.name, j.customer, j.status, j.budget_hours::text as budget_hours,
               j.budget_cost::text as budget_cost, j.created_at, count(*) over ()::int as total
          from jobs j
         where ${where}
         order by j.number desc
         limit ${page.limit} offset ${page.offset}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    const [counted] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from jobs j where ${where}`,
    );
    total = counted?.n ?? 0;
  }
  return { rows, total };
}

/** The job, locked for the rest of the transaction when `lock` (a status change and a posting naming it queue up). */
export async function findJob(
  tx: TDb,
  companyId: string,
  id: string,
  lock: 'update' | 'share' | null = null,
): Promise<TJobRow | null> {
  const query = tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.id, id)));
  const [row] = await (lock ? query.for(lock) : query);
  return row ?? null;
}

/** The job a code names (JOB-000042 → 42), for the scan screen. */
export async function findJobByNumber(tx: TDb, companyId: string, number: number): Promise<TJobRow | null> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.number, number)));
  return row ?? null;
}

export async function insertJob(tx: TDb, row: typeof jobs.$inferInsert): Promise<void> {
  await tx.insert(jobs).values(row);
}

export async function updateJob(
  tx: TDb,
  companyId: string,
  id: string,
  set: Partial<
    Pick<TJobRow, 'name' | 'customer' | 'budgetHours' | 'budgetCost' | 'notes' | 'status' | 'closedAt'>
  >,
): Promise<void> {
  await tx
    .update(jobs)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(jobs.companyId, companyId), eq(jobs.id, id)));
}

export interface TJobOrderRow {
  id: string;
  number: number;
  customer: string | null;
  status: string;
  due_on: string | null;
}

export async function ordersOfJob(tx: TDb, companyId: string, jobId: string): Promise<TJobOrderRow[]> {
  return queryRows<TJobOrderRow>(
    tx,
    sql`select o.id, o.number, o.customer, o.status, o.due_on::text as due_on
          from build_orders o
         where o.company_id = ${companyId} and o.job_id = ${jobId}
         order by o.number`,
  );
}

export interface TJobWorkOrderRow {
  id: string;
  number: number;
  part_number: string;
  name: string;
  quantity: string;
  unit_of_measure: string;
  status: string;
  due_on: string | null;
}

export async function workOrdersOfJob(
  tx: TDb,
  companyId: string,
  jobId: string,
): Promise<TJobWorkOrderRow[]> {
  return queryRows<TJobWorkOrderRow>(
    tx,
    sql`select w.id, w.number, i.part_number, i.name, w.quantity::text as quantity, i.unit_of_measure, w.status,
               w.due_on::text as due_on
          from work_orders w
          join assemblies a on a.company_id = w.company_id and a.id = w.assembly_id
          join items i on i.company_id = a.company_id and i.id = a.item_id
         where w.company_id = ${companyId} and w.job_id = ${jobId}
         order by w.number`,
  );
}

/** The order, locked: linking and unlinking one order queue up. */
export async function findOrderForLink(tx: TDb, companyId: string, orderId: string) {
  const [row] = await tx
    .select({ id: buildOrders.id, number: buildOrders.number, jobId: buildOrders.jobId })
    .from(buildOrders)
    .where(and(eq(buildOrders.companyId, companyId), eq(buildOrders.id, orderId)))
    .for('update');
  return row ?? null;
}

/**
 * Sets the order's job (null: none) and that of every work order made from its lines, sub-assemblies' included
 * (the tree under them): a work order belongs to its order's job. Returns how many work orders moved.
 */
export async function setOrderJob(tx: TDb, companyId: string, orderId: string, jobId: string | null) {
  await tx
    .update(buildOrders)
    .set({ jobId, updatedAt: sql`now()` })
    .where(and(eq(buildOrders.companyId, companyId), eq(buildOrders.id, orderId)));
  const moved = await queryRows<{ id: string }>(
    tx,
    sql`with recursive tree (id) as (
          select w.id
            from work_orders w
            join build_order_lines l on l.company_id = w.company_id and l.id = w.order_line_id
           where w.company_id = ${companyId} and l.order_id = ${orderId}
          union
          select c.id from tree t join work_orders c on c.company_id = ${companyId} and c.parent_work_order_id = t.id)
        update work_orders w set job_id = ${jobId}, updated_at = now()
          from tree t
         where w.company_id = ${companyId} and w.id = t.id
        returning w.id`,
  );
  return moved.length;
}
