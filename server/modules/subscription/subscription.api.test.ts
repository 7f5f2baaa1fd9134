// The company's plan: limits and usage as every user sees them, and plan changes by admins that never leave usage
// above the new limits — on PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '#common/plans.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { createCompany, uniqueCompanyName } from '../../db/seed/factories.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { companies } from '../companies/companies.tables.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A company on `planId` with an admin and `extraUsers` more users, all signed in. */
async function company(planId: 'basic' | 'standard' | 'premium' | 'beta', extraUsers = 0) {
  const name = uniqueCompanyName('Plan Co');
  const { company: row } = await createCompany(t.database.db, { name, planId });
  const slug = row.id.replaceAll('-', '').slice(-10);
  const admin = await t.signIn({ email: `admin.${slug}@plans.example`, role: 'admin', companyName: name });
  const users: string[] = [];
  for (let i = 0; i < extraUsers; i++) {
    users.push(await t.signIn({ email: `user${i}.${slug}@plans.example`, role: 'user', companyName: name }));
  }
  return { id: row.id, name, admin, user: users[0] };
}

const get = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/subscription', headers: { cookie } });
const change = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/subscription/plan',
    payload,
    headers: { cookie, origin: TEST_APP_URL },
  });

describe('GET /api/v1/subscription', () => {
  it('shows any signed-in user the plan, its limits, usage and the beta end date', async () => {
    const c = await company('beta', 2);
    const response = await get(c.user!);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      planId: 'beta',
      planName: 'Beta',
      limitsPlanName: 'Beta',
      maxUsers: 50,
      maxSkus: 500,
      activeUsers: 3,
      skus: 0,
      expired: false,
    });
    expect(body.endsAt).toBe(addMonths(new Date(body.startedAt), 12).toISOString());
  });

  it('applies the Free limits once the 12 months of beta are over, and says so', async () => {
    const c = await company('beta');
    await t.database.db
      .update(companies)
      .set({ planStartedAt: addMonths(new Date(), -13) })
      .where(eq(companies.id, c.id));
    expect((await get(c.admin)).json()).toMatchObject({
      planName: 'Beta',
      limitsPlanName: 'Free',
      maxUsers: 3,
      maxSkus: 10,
      expired: true,
    });
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/subscription' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/subscription/plan', () => {
  it('moves the company to another plan, restarts its date and writes the audit trail', async () => {
    const c = await company('beta');
    const response = await change(c.admin, { planId: 'standard' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      planId: 'standard',
      planName: 'Starter',
      maxUsers: 10,
      endsAt: null,
    });
    const [entry] = await t.database.db.select().from(auditEntries).where(eq(auditEntries.companyId, c.id));
    expect(entry).toMatchObject({
      entityType: 'plan',
      action: 'changed',
      before: { plan: 'Beta' },
      after: { plan: 'Starter' },
    });
  });

  it('refuses a downgrade below current usage with the reason, and keeps the plan', async () => {
    const c = await company('standard', 3);
    const response = await change(c.admin, { planId: 'basic' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'LIMIT_REACHED',
      message:
        'The Free plan allows 3 active users and your company has 4. Inactivate 1 first, then change the plan.',
    });
    expect((await get(c.admin)).json().planId).toBe('standard');
  });

  it('allows a downgrade that fits exactly (the edge)', async () => {
    const c = await company('standard', 2);
    expect((await change(c.admin, { planId: 'basic' })).statusCode).toBe(200);
  });

  it.each([
    [{ planId: 'beta' }, 400],
    [{ planId: 'platinum' }, 400],
    [{}, 400],
    [{ planId: 'premium' }, 409],
  ])('refuses %j with %i and changes nothing', async (payload, status) => {
    const c = await company('premium');
    const response = await change(c.admin, payload);
    expect(response.statusCode).toBe(status);
    expect((await get(c.admin)).json().planId).toBe('premium');
    expect(await t.database.db.select().from(auditEntries).where(eq(auditEntries.companyId, c.id))).toEqual(
      [],
    );
  });

  it('refuses a plain user (403) and changes nothing', async () => {
    const c = await company('basic', 1);
    expect((await change(c.user!, { planId: 'premium' })).statusCode).toBe(403);
    expect((await get(c.admin)).json().planId).toBe('basic');
  });
});
