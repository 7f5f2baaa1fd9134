// The demo shop's jobs (decision 079): the customer's control-box order runs as a job with a budget, and the stock
// issued to it names it; a second job is open with nothing charged yet, and a third is closed. Through the same
// services as the app, so the job page, the pickers and a closed job's refusal are the real thing. Seeded last: the
// few units issued come from balances no other area's demo counts on.
import { sql } from 'drizzle-orm';
import { ZJobCreateSchema } from '#common/schemas/jobs.ts';
import { postStock } from '../../modules/inventory/stock.service.ts';
import { createJob, linkOrder, moveJob } from '../../modules/jobs/jobs.service.ts';
import { queryRows } from '../client.ts';
import type { TTenant } from '../tenant.ts';

/** What the jobs seed made, for the seed's report. */
export interface TJobsSeedReport {
  jobs: number;
  /** Orders linked to a job (their work orders with them). */
  linkedOrders: number;
  /** Stock issues naming a job. */
  issues: number;
}

/** Seeds the jobs unless the company has some already. */
export async function seedDemoJobs(actors: { admin: TTenant }): Promise<TJobsSeedReport | null> {
  const { admin } = actors;
  const { companyId } = admin;
  const existing = await admin.run((tx) =>
    queryRows<{ n: number }>(tx, sql`select count(*)::int as n from jobs where company_id = ${companyId}`),
  );
  if ((existing[0]?.n ?? 0) > 0) return null;

  const make = (input: object) => createJob(admin, ZJobCreateSchema.parse(input));
  const controlBoxes = await make({
    name: 'Control boxes for the line upgrade',
    customer: 'Northwind Packaging',
    budgetHours: '60',
    budgetCost: '4800',
    notes: 'Three FG-100 control boxes; harnesses built in house.',
  });
  await make({
    name: 'Spare harnesses',
    customer: 'Northwind Packaging',
    budgetHours: '12',
    budgetCost: '900',
  });
  const finished = await make({ name: 'Fixture repair', customer: '', budgetHours: '4', budgetCost: '150' });
  await moveJob(admin, finished.id, 'closed');

  // The open customer orders run under the first job (the seed's order of 3 control boxes among them).
  const orders = await admin.run((tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`select id from build_orders
           where company_id = ${companyId} and customer is not null and status in ('open', 'in_progress')
           order by number limit 2`,
    ),
  );
  for (const order of orders) await linkOrder(admin, controlBoxes.id, order.id);

  // A few units of two well-stocked bought parts go to the job (not lot-tracked, not held: nothing else is moved).
  const sources = await admin.run((tx) =>
    queryRows<{ item_id: string; location_id: string }>(
      tx,
      sql`select b.item_id, b.location_id
            from stock_balances b
            join items i on i.company_id = b.company_id and i.id = b.item_id
           where b.company_id = ${companyId} and b.lot_id is null and b.quantity >= 50 and not i.lot_tracked
             and i.unit_of_measure = 'ea'
           order by i.part_number
           limit 2`,
    ),
  );
  for (const [i, source] of sources.entries()) {
    await postStock(admin, {
      kind: 'issue',
      idempotencyKey: `demo-job-issue-${i + 1}`,
      reference: 'Control boxes for the line upgrade',
      jobId: controlBoxes.id,
      lines: [{ itemId: source.item_id, locationId: source.location_id, quantity: String(2 + i * 2) }],
    });
  }
  return { jobs: 3, linkedOrders: orders.length, issues: sources.length };
}
