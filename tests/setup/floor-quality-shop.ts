// What the floor-quality API tests share (decision 076): a company's assembly of two steps (Torque, Seal) whose
// recipe links step plans before it is released — as QC Setup and Assembly Setup would, written straight into the
// tables so these tests do not wait on those screens' routes — and inspections of a work order's step in any state,
// as the QC Instructions screen would leave them.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '#server/db/client.ts';
import type { TTestApp } from './test-app.ts';
import { client } from './work-orders-shop.ts';

export interface TQualityShop {
  companyId: string;
  assemblyId: string;
  itemId: string;
  revisionId: string;
  steps: { torque: string; seal: string };
  /** A released work order of the assembly for `quantity`. */
  released: (quantity: string) => Promise<string>;
}

/** A plan of `itemId` at the step stage, with a released version unless `released` is false. */
export async function stepPlan(
  t: TTestApp,
  companyId: string,
  itemId: string,
  name: string,
  released = true,
): Promise<{ planId: string; versionId: string | null }> {
  const planId = randomUUID();
  await t.database.db.execute(
    sql`insert into inspection_plans (id, company_id, item_id, stage, name)
        values (${planId}, ${companyId}, ${itemId}, 'step', ${name})`,
  );
  return { planId, versionId: released ? await releaseVersion(t, companyId, planId) : null };
}

/** A released version of plan `planId` (numbered after the ones it has), with one pass/fail check. */
export async function releaseVersion(t: TTestApp, companyId: string, planId: string): Promise<string> {
  const versionId = randomUUID();
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from inspection_plan_versions where company_id = ${companyId} and plan_id = ${planId}`,
  );
  // The check goes in while the version is a draft: a released version's checks are frozen.
  await t.database.db.execute(
    sql`insert into inspection_plan_versions (id, company_id, plan_id, number, status, sampling)
        values (${versionId}, ${companyId}, ${planId}, ${n + 1}, 'draft', 'all')`,
  );
  await t.database.db.execute(
    sql`insert into inspection_checks (id, company_id, version_id, position, kind, name)
        values (${randomUUID()}, ${companyId}, ${versionId}, 1, 'pass_fail', 'Looks right')`,
  );
  await t.database.db.execute(
    sql`update inspection_plan_versions set status = 'released', released_at = now(), released_by = 'QA'
         where company_id = ${companyId} and id = ${versionId}`,
  );
  return versionId;
}

/**
 * The shop of the admin signed in as `cookie`, part numbers prefixed with `p`: a plain part backflushed at Torque,
 * and the assembly whose draft `link` fills with step plans before it is released.
 */
export async function qualityShopOf(
  t: TTestApp,
  cookie: string,
  p: string,
  link: (shop: Omit<TQualityShop, 'released'>) => Promise<void>,
): Promise<TQualityShop> {
  const { ok } = client(t, cookie);
  const companyId: string = (await ok('GET', '/api/v1/session')).user.companyId;
  const site = (await ok('POST', '/api/v1/locations', { kind: 'site', code: `${p}S`, name: 'Site' }, 201)).id;
  const bin = (
    await ok('POST', '/api/v1/locations', { kind: 'bin', parentId: site, code: 'BIN', name: 'Bin' }, 201)
  ).id as string;
  const item = async (name: string) =>
    (
      await ok(
        'POST',
        '/api/v1/items',
        { partNumber: `${p}${name}`, name: `Part ${name}`, unitCost: '1', lotTracked: false },
        201,
      )
    ).id as string;
  const part = await item('PART');
  const itemId = await item('VALVE');
  await ok(
    'POST',
    '/api/v1/stock/transactions',
    {
      idempotencyKey: randomUUID(),
      kind: 'receive',
      lines: [{ itemId: part, locationId: bin, quantity: '100' }],
    },
    201,
  );
  const made = await ok('POST', '/api/v1/assemblies', { itemId }, 201);
  const revisionId = made.draftRevisionId as string;
  const saved = await ok('PUT', `/api/v1/assembly-revisions/${revisionId}`, {
    lines: [{ componentItemId: part, quantity: '1', scrapPercent: '0', step: 1 }],
    steps: ['Torque', 'Seal'].map((title) => ({
      title,
      instructions: title,
      setupMinutes: '1',
      runMinutes: '1',
    })),
  });
  const [torque, seal] = saved.steps.map((s: { id: string }) => s.id) as [string, string];
  const shop = { companyId, assemblyId: made.id as string, itemId, revisionId, steps: { torque, seal } };
  await link(shop);
  await ok('POST', `/api/v1/assembly-revisions/${revisionId}/release`);
  return {
    ...shop,
    released: async (quantity) => {
      const wo = await ok(
        'POST',
        '/api/v1/work-orders',
        { assemblyId: shop.assemblyId, quantity, outputLocationId: bin },
        201,
      );
      await ok('POST', `/api/v1/work-orders/${wo.id}/status`, { status: 'released' });
      return wo.id as string;
    },
  };
}

/** Links plan `planId` to step `stepId` of the draft `revisionId` at `position`. */
export async function linkPlan(
  t: TTestApp,
  shop: { companyId: string; revisionId: string },
  stepId: string,
  planId: string,
  position: number,
  required: boolean,
): Promise<void> {
  await t.database.db.execute(
    sql`insert into assembly_step_checks (id, company_id, revision_id, step_id, plan_id, position, required)
        values (${randomUUID()}, ${shop.companyId}, ${shop.revisionId}, ${stepId}, ${planId}, ${position}, ${required})`,
  );
}

let inspectionNumber = 0;

/** An inspection of plan `plan` at step `stepId` of work order `workOrderId`, in `status`; returns its number. */
export async function inspection(
  t: TTestApp,
  shop: { companyId: string; itemId: string },
  at: { workOrderId: string; stepId: string; planId: string; versionId: string },
  status: 'open' | 'passed' | 'failed',
): Promise<number> {
  const number = ++inspectionNumber;
  await t.database.db.execute(
    sql`insert into inspections (id, company_id, number, plan_id, plan_version_id, stage, item_id, work_order_id,
                                 step_id, lot_size, sample_size, status, started_by, finished_by, finished_at)
        values (${randomUUID()}, ${shop.companyId}, ${number}, ${at.planId}, ${at.versionId}, 'step', ${shop.itemId},
                ${at.workOrderId}, ${at.stepId}, 1, 1, ${status}, 'QA',
                ${status === 'open' ? null : 'QA'}, ${status === 'open' ? null : new Date().toISOString()})`,
  );
  return number;
}
