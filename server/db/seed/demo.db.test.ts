// The demo seed: builds "Demo Manufacturing" and its shop once, and running it again changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { systemActor } from '../../modules/audit/audit.ts';
import { getLabelConfig } from '../../modules/companies/companies.service.ts';
import { queryRows } from '../client.ts';
import { tenantFor } from '../tenant.ts';
import { DEMO_ACCOUNTS, DEMO_COMPANY_NAME, DEMO_PASSWORD, seedDemo, type TSeedReport } from './demo.ts';

// Seeding builds a whole shop (a few hundred items, four months of postings): done once per database, in beforeAll.
let t: TTestApp;
let first: TSeedReport;
beforeAll(async () => {
  t = await createTestApp();
  first = await seedDemo(t.database.db);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('demo seed', () => {
  it('creates demo accounts that log in through the real sign-in with the printed password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const csrf = 'c3'.repeat(32);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email: account.email, password: DEMO_PASSWORD, csrfToken: csrf },
        headers: { origin: TEST_APP_URL, cookie: `fb_csrf=${csrf}` },
      });
      expect(response.statusCode, account.email).toBe(200);
      expect(response.json().user).toMatchObject({ role: account.role, company: DEMO_COMPANY_NAME });
    }
  });

  it('creates Demo Manufacturing with every area on, then leaves it alone when run again', async () => {
    const { db } = t.database;
    expect(first.company).toMatchObject({ name: 'Demo Manufacturing', created: true });
    expect(first.accounts.map((a) => a.created)).toEqual([true, true]);
    expect(first.inventory).not.toBeNull();

    const ledgerRows = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stock_ledger`))[0]!.n;
    const ledgerBefore = await ledgerRows();
    const second = await seedDemo(db);
    expect(second.company).toEqual({ ...first.company, created: false });
    expect(second.accounts.map((a) => a.created)).toEqual([false, false]);
    expect(second.inventory).toBeNull();
    expect(second.build).toBeNull();
    expect(await ledgerRows()).toBe(ledgerBefore);

    const rows = await queryRows<{ name: string }>(db, sql`select name from companies`);
    expect(rows).toEqual([{ name: 'Demo Manufacturing' }]);
    const config = await getLabelConfig(
      tenantFor(db, { companyId: first.company.id, userId: 'test', role: 'user' }, systemActor('test')),
    );
    expect(config).toMatchObject({
      enableBuildFeature: true,
      enableQualityFeature: true,
      enableInventoryFeature: true,
      enableTimeFeature: true,
      enableMaintenanceFeature: true,
    });
  });

  it('builds a believable shop once: a few hundred items in a location tree, lots, and four months of movements that add up', async () => {
    const { db } = t.database;
    expect(first.inventory).toMatchObject({ postings: expect.any(Number) });
    const [shape] = await queryRows<{
      items: number;
      categories: number;
      sites: number;
      bins: number;
      lots: number;
      lots_expiring: number;
      postings: number;
      kinds: string;
      first: string;
      last: string;
      low: number;
    }>(
      db,
      sql`select (select count(*)::int from items) as items,
                 (select count(distinct category)::int from items) as categories,
                 (select count(*)::int from locations where kind = 'site') as sites,
                 (select count(*)::int from locations where kind = 'bin') as bins,
                 (select count(*)::int from lots) as lots,
                 (select count(*)::int from lots where expires_on is not null) as lots_expiring,
                 (select count(*)::int from stock_transactions) as postings,
                 (select string_agg(distinct kind, ',' order by kind) from stock_transactions) as kinds,
                 (select min(posted_at)::text from stock_transactions) as first,
                 (select max(posted_at)::text from stock_transactions) as last,
                 (select count(*)::int from items i
                   where i.reorder_point > 0
                     and coalesce((select sum(quantity) from stock_balances b where b.item_id = i.id), 0)
                         <= i.reorder_point) as low`,
    );
    expect(shape!.items).toBeGreaterThanOrEqual(200);
    expect(shape!.items).toBeLessThanOrEqual(500); // within the beta plan's SKU limit
    expect(shape!.categories).toBeGreaterThanOrEqual(8);
    expect(shape!.sites).toBe(2);
    expect(shape!.bins).toBe(24);
    expect(shape!.lots).toBeGreaterThan(100);
    expect(shape!.lots_expiring).toBeGreaterThan(20);
    expect(shape!.postings).toBeGreaterThan(500);
    expect(shape!.kinds).toBe('adjust,build-consume,build-output,issue,move,receive');
    const spanDays = (Date.parse(shape!.last) - Date.parse(shape!.first)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(100);
    expect(Date.parse(shape!.last)).toBeLessThanOrEqual(Date.now());
    // Something to reorder, but not everything.
    expect(shape!.low).toBeGreaterThan(0);
    expect(shape!.low).toBeLessThan(shape!.items / 2);
    // Every balance is the sum of its ledger, and nothing is negative.
    const disagreeing = await queryRows<{ id: string }>(
      db,
      sql`select b.id from stock_balances b
            left join stock_ledger l on l.item_id = b.item_id and l.location_id = b.location_id
                                    and l.lot_id is not distinct from b.lot_id
           group by b.id, b.quantity
          having b.quantity <> coalesce(sum(l.quantity_delta), 0) or b.quantity < 0`,
    );
    expect(disagreeing).toEqual([]);
  });

  it('shows Build as a shop runs it: an order planned through both levels, harnesses built at what they took', async () => {
    const { db } = t.database;
    expect(first.build).toEqual({ assemblies: 2, workOrders: 2 });
    const workOrders = await queryRows<{
      part: string;
      status: string;
      parent: string | null;
      output: string;
    }>(
      db,
      sql`select i.part_number as part, w.status, p.part_number as parent, w.output_value::text as output
            from work_orders w
            join assemblies a on a.id = w.assembly_id join items i on i.id = a.item_id
            left join work_orders pw on pw.id = w.parent_work_order_id
            left join assemblies pa on pa.id = pw.assembly_id left join items p on p.id = pa.item_id
           order by i.part_number`,
    );
    expect(workOrders.map(({ part, status, parent }) => ({ part, status, parent }))).toEqual([
      { part: 'FG-100', status: 'in_progress', parent: null },
      { part: 'SA-200', status: 'completed', parent: 'FG-100' },
    ]);
    // The harnesses carry what they took: 4.95 m of wire × 0.35 + 12 terminals × 0.22 = 4.3725 (both backflushed at
    // the first step's finish), plus setup 10 + run 6 × 3 minutes at the operator's 32/h = 14.9333: 19.3058 / 3.
    const [harness] = await queryRows<{ unit_cost: string; on_hand: string; reserved: string }>(
      db,
      sql`select i.unit_cost::text, i.on_hand::text,
                 (select sum(quantity - consumed - awaiting)::text from work_order_reservations r
                   where r.item_id = i.id and r.released_at is null) as reserved
            from items i where i.part_number = 'SA-200'`,
    );
    expect(harness).toEqual({ unit_cost: '6.4353', on_hand: '3.000000', reserved: '3.000000' });
    // The screws were not touched yet: they are backflushed when the last step finishes.
    const [screws] = await queryRows<{ on_hand: string }>(
      db,
      sql`select on_hand::text from items where part_number = 'RM-2'`,
    );
    expect(screws!.on_hand).toBe('500.000000');
  });
});
