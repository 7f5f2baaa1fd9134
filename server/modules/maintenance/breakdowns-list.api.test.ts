// The breakdown list through the API (decision 057): newest first, searched by number, problem and machine, narrowed
// by machine (another company's or none: 404 naming machineId), status (open = reported or in progress) and priority,
// the same rows as CSV named by the company's day on the app clock; and every breakdown route refused while the
// Maintenance area is off, with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREAKDOWN_MESSAGES } from '#common/schemas/breakdowns.ts';
import { pngBytes } from '../../../tests/fixtures/media.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { manualClock } from '../../clock.ts';
import { breakdowns } from './breakdowns.tables.ts';

const NOWHERE = '00000000-0000-4000-8000-000000000000';
let t: TTestApp;
let adminCookie: string;
let tech: ReturnType<typeof client>;
let techCookie: string;
let lathe: string;
let press: string;

const db = () => t.database.db;
const countOf = async (table: typeof breakdowns) => (await db().select().from(table)).length;
const setMaintenance = async (on: boolean) => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie: adminCookie },
    payload: { enableMaintenanceFeature: on },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const uploadPhoto = (cookie: string, name: string, bytes: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/breakdowns/photos?name=${encodeURIComponent(name)}`,
    headers: { origin: TEST_APP_URL, cookie, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock('2026-03-02T08:00:00Z') });
  adminCookie = await t.signIn({ email: 'ada@list.example', role: 'admin', companyName: 'List Works' });
  const admin = client(t, adminCookie);
  techCookie = await t.signIn({ email: 'tom@list.example', role: 'user', companyName: 'List Works' });
  tech = client(t, techCookie);
  await setMaintenance(true);
  lathe = (await admin.ok('POST', '/api/v1/machines', { name: 'Lathe', assetTag: 'LT-1' }, 201)).id;
  press = (await admin.ok('POST', '/api/v1/machines', { name: 'Press', assetTag: 'PR-1' }, 201)).id;
  // 1 on the lathe, high, open; 2 on the press, resolved; 3 on the press, in progress; 4 on the lathe, low, open.
  await tech.ok(
    'POST',
    '/api/v1/breakdowns',
    { machineId: lathe, problem: 'Spindle grinding', priority: 'high' },
    201,
  );
  const resolved = await tech.ok(
    'POST',
    '/api/v1/breakdowns',
    { machineId: press, problem: 'Light out' },
    201,
  );
  await tech.ok('POST', `/api/v1/breakdowns/${resolved.id}/resolve`, {
    cause: 'Bulb',
    action: 'New',
    repairMinutes: 0, // resolved as it was reported: the clock stands still
  });
  const started = await tech.ok(
    'POST',
    '/api/v1/breakdowns',
    { machineId: press, problem: 'Ram stuck' },
    201,
  );
  await tech.ok('POST', `/api/v1/breakdowns/${started.id}/start`);
  await tech.ok(
    'POST',
    '/api/v1/breakdowns',
    { machineId: lathe, problem: 'Guard loose', priority: 'low' },
    201,
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the list', () => {
  it('pages newest first, searches number, problem and machine, filters machine, status and priority, and exports the same', async () => {
    const all = await tech.ok('GET', '/api/v1/breakdowns?pageSize=2');
    expect(all.items).toHaveLength(2);
    const every = (await tech.ok('GET', '/api/v1/breakdowns?pageSize=100')).items;
    expect(every.length).toBe(all.total);
    const numbers = every.map((b: { number: number }) => b.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(
      (await tech.ok('GET', '/api/v1/breakdowns?q=spindle')).items.map((b: { number: number }) => b.number),
    ).toEqual([1]);
    expect(
      (await tech.ok('GET', '/api/v1/breakdowns?q=%231')).items.map((b: { number: number }) => b.number),
    ).toEqual([1]);
    const onLathe = (await tech.ok('GET', `/api/v1/breakdowns?machineId=${lathe}&pageSize=100`)).items;
    expect(onLathe.every((b: { machine: { id: string } }) => b.machine.id === lathe)).toBe(true);
    expect(onLathe.length).toBeGreaterThan(0);
    const open = (await tech.ok('GET', '/api/v1/breakdowns?status=open&pageSize=100')).items;
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((b: { status: string }) => b.status !== 'resolved')).toBe(true);
    expect(
      (await tech.ok('GET', '/api/v1/breakdowns?priority=high')).items.map(
        (b: { number: number }) => b.number,
      ),
    ).toEqual([1]);
    for (const [url, field] of [
      ['/api/v1/breakdowns?status=broken', 'status'],
      ['/api/v1/breakdowns?priority=urgent', 'priority'],
      ['/api/v1/breakdowns?machineId=lathe', 'machineId'],
    ]) {
      const bad = await tech.send('GET', url!);
      expect(bad.statusCode, url).toBe(400);
      expect(Object.keys(bad.json().error.fieldErrors)).toEqual([field]);
    }
    const nowhere = await tech.send('GET', `/api/v1/breakdowns?machineId=${NOWHERE}`);
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error.fieldErrors).toEqual({ machineId: BREAKDOWN_MESSAGES.machineNotFound });

    const csv = await tech.send('GET', '/api/v1/breakdowns/export.csv?priority=high');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('breakdowns-2026-03-02.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Downtime (minutes)');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain('Spindle grinding');
    expect(lines[1]).toContain('High');
  });
});

describe('with Maintenance switched off', () => {
  it('answers 403 FEATURE_DISABLED to every breakdown route and changes nothing', async () => {
    const [one] = await db().select().from(breakdowns).limit(1);
    const before = await countOf(breakdowns);
    await setMaintenance(false);
    try {
      for (const [method, url, body] of [
        ['GET', '/api/v1/breakdowns', undefined],
        ['GET', '/api/v1/breakdowns/export.csv', undefined],
        ['GET', `/api/v1/breakdowns/${one!.id}`, undefined],
        ['POST', '/api/v1/breakdowns', { machineId: lathe, problem: 'Off' }],
        ['POST', `/api/v1/breakdowns/${one!.id}/start`, undefined],
        ['POST', `/api/v1/breakdowns/${one!.id}/resolve`, { cause: 'c', action: 'a', repairMinutes: 1 }],
      ] as const) {
        const response = await tech.send(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().error.code).toBe('FEATURE_DISABLED');
      }
      expect((await uploadPhoto(techCookie, 'off.png', pngBytes(500))).statusCode).toBe(403);
    } finally {
      await setMaintenance(true);
    }
    expect(await countOf(breakdowns)).toBe(before);
  });
});
