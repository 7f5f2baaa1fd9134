// The security dashboard's sessions and administrative actions: a sysadmin lists every company's active sessions,
// searches and pages them, ends one (that browser is signed out at once, with a security event and an audit entry in
// the user's company), and reads every company's audit trail — on PGlite and on PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActiveSession } from '#common/schemas/security-dashboard.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { recordAudit, systemActor } from '../audit/audit.ts';
import { sessions, users } from '../auth/auth.tables.ts';

let t: TTestApp;
let sysadmin: string;
let sysadminId: string;
beforeAll(async () => {
  t = await createTestApp();
  sysadmin = await t.signIn({
    email: 'ops@console.example',
    role: 'sysadmin',
    companyName: 'Console Ops',
    firstName: 'Sys',
    lastName: 'Admin',
  });
  await t.signIn({ email: 'ada@anvil.example', role: 'admin', companyName: 'Anvil Works' });
  await t.signIn({ email: 'bo@bellows.example', role: 'user', companyName: 'Bellows Forge' });
  await t.signIn({ email: 'cy@bellows.example', role: 'user', companyName: 'Bellows Forge' });
  sysadminId = (await userNamed('ops@console.example')).id;
});
afterAll(async () => {
  await t?.close();
});

async function userNamed(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

const request = (method: 'GET' | 'DELETE', url: string, cookie = sysadmin) =>
  t.app.inject({ method, url, headers: { origin: TEST_APP_URL, cookie } });

const sessionsPage = async (query = '') => {
  const response = await request('GET', `/api/v1/security/sessions${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { items: TActiveSession[]; total: number; page: number; pageSize: number };
};

const sessionState = async (cookie: string) =>
  (await request('GET', '/api/v1/session', cookie)).json().state as string;

describe('active sessions', () => {
  it('lists the sessions of every company with user, company and role, newest first, marking this browser', async () => {
    const page = await sessionsPage();
    const emails = page.items.map((s) => s.email);
    expect(emails).toEqual(
      expect.arrayContaining([
        'ops@console.example',
        'ada@anvil.example',
        'bo@bellows.example',
        'cy@bellows.example',
      ]),
    );
    expect(page.total).toBe(page.items.length);
    const ada = page.items.find((s) => s.email === 'ada@anvil.example')!;
    expect(ada).toMatchObject({
      companyName: 'Anvil Works',
      role: 'admin',
      isCurrent: false,
      name: 'Pat Example',
    });
    expect(Date.parse(ada.expiresAt)).toBeGreaterThan(Date.now());
    expect(page.items.filter((s) => s.isCurrent).map((s) => s.email)).toEqual(['ops@console.example']);
    const created = page.items.map((s) => s.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    // The overview counts the same sessions.
    const overview = (await request('GET', '/api/v1/security/overview')).json();
    expect(overview.activeSessions).toBe(page.total);
  });

  it('searches by e-mail or company name and pages on the server', async () => {
    const byCompany = await sessionsPage('?q=bellows%20FORGE');
    expect(byCompany.items.map((s) => s.email).sort()).toEqual(['bo@bellows.example', 'cy@bellows.example']);
    const byEmail = await sessionsPage('?q=ada@anvil');
    expect(byEmail.items.map((s) => s.email)).toEqual(['ada@anvil.example']);
    expect((await sessionsPage('?q=%25')).total).toBe(0);

    const all = await sessionsPage();
    const second = await sessionsPage('?page=2&pageSize=1');
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: all.total });
    expect(second.items.map((s) => s.id)).toEqual([all.items[1]!.id]);
  });

  it('leaves out expired sessions', async () => {
    const cy = await userNamed('cy@bellows.example');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, cy.id));
    const page = await sessionsPage('?q=bellows');
    expect(page.items.map((s) => s.email)).toEqual(['bo@bellows.example']);
  });
});

describe('ending a session', () => {
  it('signs that browser out at once, keeps the user’s other browser, and records who did it', async () => {
    const first = await t.signIn({ email: 'dee@dyes.example', role: 'user', companyName: 'Dyes Ltd' });
    const second = await t.signIn({ email: 'dee@dyes.example', role: 'user', companyName: 'Dyes Ltd' });
    const dee = await userNamed('dee@dyes.example');
    const listed = (await sessionsPage('?q=dee@dyes')).items;
    expect(listed).toHaveLength(2);
    // Sessions are listed newest first: the second sign-in is the first row.
    const [secondSession, firstSession] = listed;

    const ended = await request('DELETE', `/api/v1/security/sessions/${firstSession!.id}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ id: firstSession!.id, email: 'dee@dyes.example', wasCurrent: false });
    expect(await sessionState(first)).toBe('signed-out');
    expect(await sessionState(second)).toBe('signed-in');
    expect((await sessionsPage('?q=dee@dyes')).items.map((s) => s.id)).toEqual([secondSession!.id]);

    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, 'session_ended'), eq(securityEvents.userId, dee.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      companyId: dee.companyId,
      email: 'dee@dyes.example',
      outcome: 'success',
      details: { by: sysadminId, reason: 'sysadmin' },
    });
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.companyId, dee.companyId!));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: sysadminId,
      actorName: 'Sys Admin <ops@console.example>',
      entityType: 'user',
      entityId: dee.id,
      entityLabel: 'dee@dyes.example',
      action: 'session-ended',
    });

    const again = await request('DELETE', `/api/v1/security/sessions/${firstSession!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('NOT_FOUND');
  });

  it('answers 404 for a session id that never existed, and ends nothing', async () => {
    const before = (await sessionsPage()).total;
    const response = await request('DELETE', `/api/v1/security/sessions/${crypto.randomUUID()}`);
    expect(response.statusCode).toBe(404);
    expect((await sessionsPage()).total).toBe(before);
  });

  it('lets a sysadmin end their own current session: that browser is signed out', async () => {
    const mine = await t.signIn({
      email: 'ops@console.example',
      role: 'sysadmin',
      companyName: 'Console Ops',
    });
    const current = (await request('GET', '/api/v1/security/sessions?q=ops@console', mine))
      .json()
      .items.find((s: TActiveSession) => s.isCurrent) as TActiveSession;
    const response = await request('DELETE', `/api/v1/security/sessions/${current.id}`, mine);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ wasCurrent: true });
    expect(await sessionState(mine)).toBe('signed-out');
    expect(await sessionState(sysadmin)).toBe('signed-in');
  });
});

describe('administrative actions', () => {
  it('pages every company’s audit trail newest first, with company names', async () => {
    const db = t.database.db;
    const ada = await userNamed('ada@anvil.example');
    const bo = await userNamed('bo@bellows.example');
    // Dated in the future, so they are the newest entries whatever else the trail holds.
    await recordAudit(
      db,
      ada.companyId!,
      systemActor('command line'),
      {
        entityType: 'user',
        entityId: ada.id,
        entityLabel: ada.email,
        action: 'updated',
        before: { role: 'user' },
        after: { role: 'admin' },
      },
      new Date('2099-01-01T00:00:02Z'),
    );
    await recordAudit(
      db,
      bo.companyId!,
      systemActor('command line'),
      { entityType: 'user', entityId: bo.id, entityLabel: bo.email, action: 'inactivated' },
      new Date('2099-01-01T00:00:01Z'),
    );
    const response = await request('GET', '/api/v1/security/admin-actions?pageSize=2');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items).toMatchObject([
      {
        companyName: 'Anvil Works',
        entityLabel: 'ada@anvil.example',
        action: 'updated',
        after: { role: 'admin' },
      },
      {
        companyName: 'Bellows Forge',
        entityLabel: 'bo@bellows.example',
        action: 'inactivated',
        before: null,
      },
    ]);
    const next = (await request('GET', '/api/v1/security/admin-actions?pageSize=2&page=2')).json();
    const ids = new Set(page.items.map((e: { id: string }) => e.id));
    expect(next.items.some((e: { id: string }) => ids.has(e.id))).toBe(false);
  });
});
