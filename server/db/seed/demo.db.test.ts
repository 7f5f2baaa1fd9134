// The demo seed: builds "Demo Manufacturing" once, and running it again changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL } from '../../../tests/setup/test-app.ts';
import { openTestDatabase, type TTestDatabase } from '../../../tests/setup/test-database.ts';
import { getLabelConfig } from '../../modules/companies/companies.service.ts';
import { queryRows } from '../client.ts';
import { DEMO_ACCOUNTS, DEMO_COMPANY_NAME, DEMO_PASSWORD, seedDemo } from './demo.ts';

let testDb: TTestDatabase;
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(async () => {
  await testDb?.database.close();
  await testDb?.dispose();
});

describe('demo seed', () => {
  it('creates demo accounts that log in through the real sign-in with the printed password', async () => {
    const app = await createTestApp();
    try {
      await seedDemo(app.database.db);
      for (const account of DEMO_ACCOUNTS) {
        const csrf = 'c3'.repeat(32);
        const response = await app.app.inject({
          method: 'POST',
          url: '/api/v1/auth/sign-in',
          payload: { email: account.email, password: DEMO_PASSWORD, csrfToken: csrf },
          headers: { origin: TEST_APP_URL, cookie: `fb_csrf=${csrf}` },
        });
        expect(response.statusCode, account.email).toBe(200);
        expect(response.json().user).toMatchObject({ role: account.role, company: DEMO_COMPANY_NAME });
      }
    } finally {
      await app.close();
    }
  });

  it('creates Demo Manufacturing with every area on, then leaves it alone when run again', async () => {
    const { db } = testDb.database;
    const first = await seedDemo(db);
    expect(first.company).toMatchObject({ name: 'Demo Manufacturing', created: true });

    const second = await seedDemo(db);
    expect(second.company).toEqual({ ...first.company, created: false });
    expect(first.accounts.map((a) => a.created)).toEqual([true, true]);
    expect(second.accounts.map((a) => a.created)).toEqual([false, false]);

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
