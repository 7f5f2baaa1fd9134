// The demo seed: builds "Demo Manufacturing" once, and running it again changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase } from '../../../tests/setup/test-database.ts';
import { getLabelConfig } from '../../modules/companies/companies.service.ts';
import { queryRows } from '../client.ts';
import { seedDemo } from './demo.ts';

let testDb: TTestDatabase;
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(async () => {
  await testDb?.database.close();
  await testDb?.dispose();
});

describe('demo seed', () => {
  it('creates Demo Manufacturing with every area on, then leaves it alone when run again', async () => {
    const { db } = testDb.database;
    const first = await seedDemo(db);
    expect(first.company).toMatchObject({ name: 'Demo Manufacturing', created: true });

    const second = await seedDemo(db);
    expect(second.company).toEqual({ ...first.company, created: false });

    const rows = await queryRows<{ name: string }>(db, sql`select name from companies`);
    expect(rows).toEqual([{ name: 'Demo Manufacturing' }]);
    const config = await getLabelConfig(db, { companyId: first.company.id, userId: 'test', role: 'user' });
    expect(config).toMatchObject({
      enableBuildFeature: true,
      enableQualityFeature: true,
      enableInventoryFeature: true,
      enableTimeFeature: true,
      enableMaintenanceFeature: true,
    });
  });
});
