// Kiosks and badges (decision 083), on both databases: an admin sets up a kiosk (its key answered once) and prints a
// person a badge (a QR the independent decoder reads); on that kiosk the badge then a job's or work order's code moves
// that person's clock — in, switch, unchanged, out — audited as done at the kiosk. Refused and changing nothing: no or
// a wrong kiosk key, a revoked kiosk, a revoked or replaced badge, another company's badge, another company's job, a
// closed job; bad input is a 400 naming the field; unrecognised badges are limited per kiosk.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_KEY_HEADER, KIOSK_MESSAGES } from '#common/schemas/kiosks.ts';
import { addDays, startOfWeek, todayIn } from '#common/time/calendar.ts';
import { labelReader } from '../../../tests/setup/label-reader.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { type TTimeClient, type TTimeShop, timeShopOf } from '../../../tests/setup/time-shop.ts';
import { manualClock } from '../../clock.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { timeEntries } from '../time/time.tables.ts';
import { KIOSK_BADGE_LIMIT } from './kiosk-device.service.ts';

const MONDAY = startOfWeek(addDays(todayIn('UTC'), 14));
const at = (time: string) => `${addDays(MONDAY, 2)}T${time}:00.000Z`;
const clock = manualClock(at('07:00'));

let t: TTestApp;
let shop: TTimeShop;
let other: TTimeShop;
let otto: TTimeClient;
let key: string;
let ottoBadge: string;
const { decode, dispose } = labelReader('kiosk-badges-');

const kiosk = (method: 'GET' | 'POST', url: string, payload?: object, withKey: string | null = key) =>
  t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, ...(withKey === null ? {} : { [KIOSK_KEY_HEADER]: withKey }) },
    ...(payload ? { payload } : {}),
  });

async function setUpKiosk(admin: TTimeClient, name: string) {
  return (await admin.ok('POST', '/api/v1/kiosks', { name }, 201)) as { kiosk: { id: string }; key: string };
}

async function printBadge(admin: TTimeClient, userId: string) {
  const formatId = (await admin.ok('GET', '/api/v1/label-formats')).items[0].id;
  const response = await admin.send('POST', `/api/v1/users/${userId}/badge/print`, {
    formatId,
    output: 'roll',
    dpi: 203,
  });
  expect(response.statusCode, response.body).toBe(200);
  const [code, ...more] = decode(response.rawPayload, 'qrcode');
  expect(more).toEqual([]);
  return code!;
}

const entriesOf = (userId: string) =>
  t.database.db
    .select()
    .from(timeEntries)
    .where(eq(timeEntries.userId, userId))
    .orderBy(timeEntries.startedAt);

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await timeShopOf(t, 'Kiosk Works', 'UTC');
  other = await timeShopOf(t, 'Other Kiosk Works', 'UTC');
  otto = await shop.person('Otto');
  key = (await setUpKiosk(shop.admin, 'Front bench')).key;
  ottoBadge = await printBadge(shop.admin, otto.userId);
}, 120_000);
afterAll(async () => {
  dispose();
  await t?.close();
});

describe('setting up', () => {
  it('answers the kiosk’s key once, lists kiosks for admins only, and keeps no code in the clear', async () => {
    const page = await shop.admin.ok('GET', '/api/v1/kiosks');
    expect(page.items[0]).toMatchObject({ name: 'Front bench', revokedAt: null });
    expect(JSON.stringify(page)).not.toContain(key.split('.')[1]);
    expect((await otto.send('GET', '/api/v1/kiosks')).statusCode).toBe(403);
    expect((await otto.send('POST', '/api/v1/kiosks', { name: 'Mine' })).statusCode).toBe(403);
    const bad = await shop.admin.send('POST', '/api/v1/kiosks', { name: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toHaveProperty('name');

    expect(ottoBadge).toMatch(/^FBB[0-9A-Z]{24}$/);
    const state = await shop.admin.ok('GET', `/api/v1/users/${otto.userId}/badge`);
    expect(state.badge).toMatchObject({ hint: ottoBadge.slice(-4) });
    expect(JSON.stringify(state)).not.toContain(ottoBadge);
  });
});

describe('on the kiosk', () => {
  it('a badge then a job moves that person’s clock: in, switch, unchanged, out — audited at the kiosk', async () => {
    expect((await kiosk('GET', '/api/v1/kiosk')).json()).toEqual({
      name: 'Front bench',
      companyName: 'Kiosk Works',
    });
    const who = await kiosk('POST', '/api/v1/kiosk/badge', { badge: ottoBadge.toLowerCase() });
    expect(who.json()).toMatchObject({
      person: { firstName: 'Otto', name: 'Otto Clock' },
      entry: null,
      moved: 'none',
    });

    clock.set(at('08:00'));
    const inn = (
      await kiosk('POST', '/api/v1/kiosk/clock-in', { badge: ottoBadge, code: 'JOB-000001' })
    ).json();
    // The entry says where it was made, so a supervisor approving the week can tell the kiosk from the phone.
    expect(inn).toMatchObject({
      moved: 'in',
      entry: { jobNumber: 'JOB-000001', userId: otto.userId, source: 'kiosk' },
    });
    // It is Otto's own clock: his /time sees it.
    expect((await otto.ok('GET', '/api/v1/time/clock')).entry.id).toBe(inn.entry.id);

    clock.set(at('10:00'));
    const sw = (await kiosk('POST', '/api/v1/kiosk/clock-in', { badge: ottoBadge, code: 'job-2' })).json();
    expect(sw).toMatchObject({ moved: 'switch', entry: { jobNumber: 'JOB-000002', source: 'kiosk' } });
    const same = (
      await kiosk('POST', '/api/v1/kiosk/clock-in', { badge: ottoBadge, code: 'JOB-000002' })
    ).json();
    expect(same).toMatchObject({ moved: 'unchanged', entry: { id: sw.entry.id } });

    clock.set(at('11:30'));
    expect((await kiosk('POST', '/api/v1/kiosk/clock-out', { badge: ottoBadge })).json()).toMatchObject({
      moved: 'out',
      entry: null,
    });
    const rows = await entriesOf(otto.userId);
    expect(rows.map((r) => [r.startedAt.toISOString(), r.endedAt?.toISOString()])).toEqual([
      [at('08:00'), at('10:00')],
      [at('10:00'), at('11:30')],
    ]);
    const audited = await t.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.companyId, shop.companyId), like(auditEntries.actorName, 'Kiosk “Front bench”%')),
      );
    // In; the switch's out and in; out.
    expect(audited.map((a) => a.action).sort()).toEqual([
      'clocked-in',
      'clocked-in',
      'clocked-out',
      'clocked-out',
    ]);
    expect(audited[0]!.actorName).toContain('for Otto Clock');
    expect((await shop.admin.ok('GET', '/api/v1/kiosks')).items[0].lastUsedAt).toBe(at('11:30'));
  });

  it('refuses, changing nothing: no key, a wrong key, another company’s badge or job, a closed job, bad input', async () => {
    const before = await entriesOf(otto.userId);
    const [id, secret] = key.split('.');
    for (const wrong of [null, `${id}.${'x'.repeat(43)}`, `${id}.${secret!.slice(1)}`, 'garbage']) {
      const response = await kiosk(
        'POST',
        '/api/v1/kiosk/clock-in',
        { badge: ottoBadge, code: 'JOB-1' },
        wrong,
      );
      expect(response.statusCode, String(wrong)).toBe(401);
      expect(response.json().error.message).toBe(KIOSK_MESSAGES.notAKiosk);
    }
    // Another company's badge on this kiosk, and this company's badge on theirs.
    const eve = await other.person('Eve');
    const eveBadge = await printBadge(other.admin, eve.userId);
    const theirs = await kiosk('POST', '/api/v1/kiosk/clock-in', { badge: eveBadge, code: 'JOB-000001' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.fieldErrors).toEqual({ badge: KIOSK_MESSAGES.badgeNotRecognised });
    const otherKey = (await setUpKiosk(other.admin, 'Their door')).key;
    const ours = await kiosk('POST', '/api/v1/kiosk/badge', { badge: ottoBadge }, otherKey);
    expect(ours.statusCode).toBe(404);
    // Another company's job by number, a closed job, something that is not a job.
    await t.database.db.insert((await import('../jobs/jobs.tables.ts')).jobs).values({
      id: crypto.randomUUID(),
      companyId: other.companyId,
      number: 9,
      name: 'Theirs',
      createdBy: 'test',
    });
    const foreignJob = await kiosk('POST', '/api/v1/kiosk/clock-in', {
      badge: ottoBadge,
      code: 'JOB-000009',
    });
    expect(foreignJob.statusCode).toBe(404);
    expect(foreignJob.json().error.fieldErrors.code).toContain('Not recognised');
    const closed = await kiosk('POST', '/api/v1/kiosk/clock-in', { badge: ottoBadge, code: 'JOB-000003' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toContain('JOB-000003 is closed');
    const bad = await kiosk('POST', '/api/v1/kiosk/clock-in', { badge: ottoBadge });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toHaveProperty('code');
    expect(await entriesOf(otto.userId)).toEqual(before);
    expect(await entriesOf(eve.userId)).toEqual([]);
  });

  it('a replaced or revoked badge, and a revoked kiosk, move nothing', async () => {
    const pia = await shop.person('Pia');
    const first = await printBadge(shop.admin, pia.userId);
    const second = await printBadge(shop.admin, pia.userId);
    expect((await kiosk('POST', '/api/v1/kiosk/badge', { badge: first })).statusCode).toBe(404);
    expect((await kiosk('POST', '/api/v1/kiosk/badge', { badge: second })).statusCode).toBe(200);
    expect((await shop.admin.ok('POST', `/api/v1/users/${pia.userId}/badge/revoke`)).badge).toBeNull();
    expect((await kiosk('POST', '/api/v1/kiosk/badge', { badge: second })).statusCode).toBe(404);
    expect((await shop.admin.send('POST', `/api/v1/users/${pia.userId}/badge/revoke`)).statusCode).toBe(409);

    const spare = await setUpKiosk(shop.admin, 'Spare tablet');
    await shop.admin.ok('POST', `/api/v1/kiosks/${spare.kiosk.id}/revoke`);
    const revoked = await kiosk('POST', '/api/v1/kiosk/badge', { badge: ottoBadge }, spare.key);
    expect(revoked.statusCode).toBe(401);
    expect((await kiosk('GET', '/api/v1/kiosk', undefined, spare.key)).statusCode).toBe(401);
    expect(await entriesOf(pia.userId)).toEqual([]);
  });

  it('limits unrecognised badges per kiosk, a right badge included once the limit is reached', async () => {
    const busy = await setUpKiosk(shop.admin, 'Busy door');
    for (let i = 0; i < KIOSK_BADGE_LIMIT.limit; i++) {
      const guess = await kiosk(
        'POST',
        '/api/v1/kiosk/badge',
        { badge: `FBB${'0'.repeat(23)}${i}` },
        busy.key,
      );
      expect(guess.statusCode).toBe(404);
    }
    const blocked = await kiosk('POST', '/api/v1/kiosk/badge', { badge: ottoBadge }, busy.key);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(KIOSK_MESSAGES.tooManyBadges);
    // Another kiosk is not held up by this one.
    expect((await kiosk('POST', '/api/v1/kiosk/badge', { badge: ottoBadge })).statusCode).toBe(200);
  });
});

describe('across companies', () => {
  it('an admin neither revokes another company’s kiosk nor sees or prints another company’s person’s badge', async () => {
    const theirs = await setUpKiosk(other.admin, 'Far door');
    expect((await shop.admin.send('POST', `/api/v1/kiosks/${theirs.kiosk.id}/revoke`)).statusCode).toBe(404);
    expect((await shop.admin.send('GET', `/api/v1/users/${other.admin.userId}/badge`)).statusCode).toBe(404);
    expect(
      (await shop.admin.send('POST', `/api/v1/users/${other.admin.userId}/badge/revoke`)).statusCode,
    ).toBe(404);
  });
});
