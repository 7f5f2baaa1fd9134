// The audit trail: every change of users, rates and configuration is recorded with who, when, before and after;
// admins read their own company's trail; nobody can change or delete an entry — on PGlite and on PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { withTenant } from '../../db/tenant.ts';
import { users } from '../auth/auth.tables.ts';
import { laborRateAt } from '../users/users.repo.ts';
import { auditEntries } from './audit.tables.ts';

let t: TTestApp;
let admin: string;
let companyId: string;
let otherAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({
    email: 'ada@trail.example',
    role: 'admin',
    companyName: 'Trail Works',
    firstName: 'Ada',
    lastName: 'Admin',
  });
  otherAdmin = await t.signIn({
    email: 'bob@elsewhere.example',
    role: 'admin',
    companyName: 'Elsewhere Inc',
  });
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'ada@trail.example'));
  companyId = row!.companyId!;
});
afterAll(async () => {
  await t?.close();
});

function send(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}

const trail = async (query = '', cookie = admin) =>
  (await send('GET', `/api/v1/audit${query}`, cookie)).json();

describe('what the trail records', () => {
  it('records an invitation, then a role and rate change with before and after, newest first, by whom', async () => {
    const added = await send('POST', '/api/v1/users', admin, {
      method: 'invite',
      email: 'carl@trail.example',
      firstName: 'Carl',
      lastName: 'Crew',
      burdenedLaborRate: '30',
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as string;
    expect(
      (await send('PATCH', `/api/v1/users/${id}`, admin, { role: 'admin', burdenedLaborRate: '35.5' }))
        .statusCode,
    ).toBe(200);
    expect((await send('PATCH', `/api/v1/users/${id}`, admin, { active: false })).statusCode).toBe(200);

    const page = await trail(`?entityType=user&entityId=${id}`);
    expect(page.total).toBe(3);
    expect(page.items.map((e: { action: string }) => e.action)).toEqual([
      'inactivated',
      'updated',
      'invited',
    ]);
    const [inactivated, updated, invited] = page.items;
    expect(updated).toMatchObject({
      actorName: 'Ada Admin <ada@trail.example>',
      entityLabel: 'carl@trail.example',
      before: { role: 'user', burdenedLaborRate: '30' },
      after: { role: 'admin', burdenedLaborRate: '35.5' },
    });
    expect(inactivated).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(invited).toMatchObject({ before: null, after: { email: 'carl@trail.example', role: 'user' } });
    expect(Date.parse(inactivated.createdAt)).toBeGreaterThanOrEqual(Date.parse(updated.createdAt));
  });

  it('records a configuration change with only the changed settings', async () => {
    const patch = await send('PATCH', '/api/v1/company/label-config', admin, {
      width: 2,
      allowBorrowing: true,
    });
    expect(patch.statusCode).toBe(200);
    const [entry] = (await trail('?entityType=company-configuration')).items;
    expect(entry).toMatchObject({
      action: 'updated',
      entityLabel: 'Company configuration',
      before: { width: 4, allowBorrowing: false },
      after: { width: 2, allowBorrowing: true },
    });
    expect(Object.keys(entry.after).sort()).toEqual(['allowBorrowing', 'width']);
  });

  it('records nothing when a change changes nothing, and nothing when a change is refused', async () => {
    const before = (await trail()).total;
    await send('PATCH', '/api/v1/company/label-config', admin, { width: 2 });
    const refused = await send('PATCH', '/api/v1/company/label-config', admin, { width: 400 });
    expect(refused.statusCode).toBe(400);
    expect((await trail()).total).toBe(before);
  });

  it('keeps the dated history of a rate: the rate in force at any moment', async () => {
    const added = await send('POST', '/api/v1/users', admin, {
      method: 'invite',
      email: 'dora@trail.example',
      firstName: 'Dora',
      lastName: 'Dated',
      burdenedLaborRate: '20',
    });
    const id = added.json().id as string;
    const afterFirst = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await send('PATCH', `/api/v1/users/${id}`, admin, { burdenedLaborRate: '25' });
    const rates = await withTenant(t.database.db, companyId, async (tx) => ({
      before: await laborRateAt(tx, id, new Date(Date.now() - 60 * 60 * 1000)),
      atFirst: await laborRateAt(tx, id, afterFirst),
      now: await laborRateAt(tx, id, new Date()),
    }));
    expect(rates).toEqual({ before: null, atFirst: '20', now: '25' });
  });
});

describe('who may read it', () => {
  it('shows an admin only their own company: another company sees none of it, whatever it sends', async () => {
    const own = await trail('', otherAdmin);
    expect(own.items.some((e: { entityLabel: string }) => e.entityLabel.endsWith('@trail.example'))).toBe(
      false,
    );
    const probing = await trail(`?entityId=${companyId}`, otherAdmin);
    expect(probing.total).toBe(0);
  });

  it('refuses a plain user (403) and a visitor (401)', async () => {
    const user = await t.signIn({ email: 'erin@trail.example', role: 'user', companyName: 'Trail Works' });
    expect((await send('GET', '/api/v1/audit', user)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/audit' })).statusCode).toBe(401);
  });

  it.each([
    ['?pageSize=101', 'pageSize'],
    ['?entityType=spaceship', 'entityType'],
    ['?from=yesterday', 'from'],
    ['?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z', 'to'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await send('GET', `/api/v1/audit${query}`, admin);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
  });

  it('pages newest first with a total, and filters by time range', async () => {
    const all = await trail('?pageSize=100');
    const first = await trail('?pageSize=2&page=1');
    const second = await trail('?pageSize=2&page=2');
    expect(first.total).toBe(all.total);
    expect([...first.items, ...second.items].map((e: { id: string }) => e.id)).toEqual(
      all.items.slice(0, 4).map((e: { id: string }) => e.id),
    );
    const future = await trail(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.total).toBe(0);
  });
});

describe('entries cannot be changed or deleted', () => {
  it('refuses UPDATE and DELETE even to the database owner, and to the tenant role', async () => {
    const db = t.database.db;
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.companyId, companyId))
      .limit(1);
    const attempts = [
      () => db.execute(sql`update audit_entries set action = 'forged' where id = ${entry!.id}`),
      () => db.execute(sql`delete from audit_entries where id = ${entry!.id}`),
      () =>
        withTenant(db, companyId, (tx) =>
          tx.execute(sql`update audit_entries set action = 'forged' where id = ${entry!.id}`),
        ),
      () =>
        withTenant(db, companyId, (tx) => tx.execute(sql`delete from audit_entries where id = ${entry!.id}`)),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow();
    const [after] = await db.select().from(auditEntries).where(eq(auditEntries.id, entry!.id));
    expect(after).toEqual(entry);
  });

  it("refuses a tenant's insert into another company's trail", async () => {
    const [other] = await t.database.db.select().from(users).where(eq(users.email, 'bob@elsewhere.example'));
    await expect(
      withTenant(t.database.db, other!.companyId!, (tx) =>
        tx.execute(
          sql`insert into audit_entries (id, company_id, actor_name, entity_type, entity_id, entity_label, action)
              values (gen_random_uuid(), ${companyId}, 'Mallory', 'user', 'x', 'x', 'forged')`,
        ),
      ),
    ).rejects.toThrow();
  });
});
