// Every plan's limits at their edge, through the real routes: the last user and the last SKU each plan allows are
// accepted, the next ones refused with the plan's name and limit; an unknown plan falls back to 3 users and 25 SKUs.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_PLAN_LIMITS, PLANS } from '#common/plans.ts';
import {
  createTestApp,
  TEST_APP_URL,
  TEST_HASH_PARAMS,
  type TTestApp,
} from '../../../tests/setup/test-app.ts';
import { createCompany, createItems, createUser, uniqueCompanyName } from '../../db/seed/factories.ts';
import { companies } from '../companies/companies.tables.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie, origin: TEST_APP_URL } });

/** A company on `planId` whose admin is signed in, filled to one below both limits. */
async function companyOneBelow(planId: string, maxUsers: number, maxSkus: number) {
  const name = uniqueCompanyName(`Edge ${planId}`);
  const { company } = await createCompany(t.database.db, { name });
  // Set directly: an unknown plan id cannot be chosen through the app, only found in an old row.
  await t.database.db.update(companies).set({ planId }).where(eq(companies.id, company.id));
  const admin = await t.signIn({ email: `admin@${company.id}.example`, role: 'admin', companyName: name });
  for (let i = 0; i < maxUsers - 2; i++) {
    await createUser(t.database.db, company.id, { hashParams: TEST_HASH_PARAMS });
  }
  await createItems(t.database.db, company.id, maxSkus - 1);
  return { admin, companyId: company.id };
}

const cases = [
  ...PLANS.map((p) => ({
    planId: p.id as string,
    name: p.display,
    maxUsers: p.maxUsers,
    maxSkus: p.maxSkus,
  })),
  { planId: 'legacy-gold', name: 'current', ...FALLBACK_PLAN_LIMITS },
];

describe.each(cases)(
  'the $planId plan ($maxUsers users, $maxSkus SKUs)',
  ({ planId, name, maxUsers, maxSkus }) => {
    it('accepts the last user and the last SKU, and refuses the next of each with the plan and the limit', async () => {
      const { admin } = await companyOneBelow(planId, maxUsers, maxSkus);
      const user = (i: number) => ({
        method: 'invite',
        email: `edge${i}.${planId}@edge.example`,
        firstName: 'Edge',
        lastName: `${i}`,
      });
      expect((await post(admin, '/api/v1/users', user(1))).statusCode).toBe(201);
      const refusedUser = await post(admin, '/api/v1/users', user(2));
      expect(refusedUser.statusCode).toBe(409);
      expect(refusedUser.json().error.message).toContain(
        `the ${name} plan allows ${maxUsers} active users and your company has ${maxUsers}`,
      );

      expect((await post(admin, '/api/v1/items', { partNumber: 'LAST-OK', name: 'Last' })).statusCode).toBe(
        201,
      );
      const refusedItem = await post(admin, '/api/v1/items', { partNumber: 'ONE-TOO-MANY', name: 'Next' });
      expect(refusedItem.statusCode).toBe(409);
      expect(refusedItem.json().error.message).toContain(
        `the ${name} plan allows ${maxSkus} SKUs and your company has ${maxSkus}`,
      );
    });
  },
);
