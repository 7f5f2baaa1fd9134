// Reporting breakdowns through the API (decision 057), as a technician (a plain user) does: numbered, the machine
// down through a status event naming it (one already down stays down, the event noting it), a photo the technician
// uploaded (a picture, the company's). Refusals name their field and change nothing: bad input 400, a machine or photo
// that is not the company's 404. Instants come from the app clock. Working and resolving is
// breakdowns-resolve.api.test.ts; the list, breakdowns-list.api.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREAKDOWN_MESSAGES } from '#common/schemas/breakdowns.ts';
import { mp4Bytes, pngBytes } from '../../../tests/fixtures/media.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { manualClock } from '../../clock.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { breakdowns, type maintenanceParts } from './breakdowns.tables.ts';
import { machineStatusEvents, machines } from './machines.tables.ts';

const NOWHERE = '00000000-0000-4000-8000-000000000000';
const clock = manualClock('2026-03-02T08:00:00Z');
let t: TTestApp;
let adminCookie: string;
let admin: ReturnType<typeof client>;
let tech: ReturnType<typeof client>;
let techCookie: string;
let lathe: string;
let press: string;

const db = () => t.database.db;
const countOf = async (table: typeof breakdowns | typeof maintenanceParts | typeof machineStatusEvents) =>
  (await db().select().from(table)).length;
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
const machine = async (id: string) => (await db().select().from(machines).where(eq(machines.id, id)))[0]!;
const eventsOf = (breakdownId: string) =>
  db().select().from(machineStatusEvents).where(eq(machineStatusEvents.breakdownId, breakdownId));

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminCookie = await t.signIn({ email: 'ada@fix.example', role: 'admin', companyName: 'Fix Works' });
  admin = client(t, adminCookie);
  techCookie = await t.signIn({ email: 'tom@fix.example', role: 'user', companyName: 'Fix Works' });
  tech = client(t, techCookie);
  await setMaintenance(true);
  lathe = (await admin.ok('POST', '/api/v1/machines', { name: 'Lathe', assetTag: 'LT-1' }, 201)).id;
  press = (await admin.ok('POST', '/api/v1/machines', { name: 'Press', assetTag: 'PR-1' }, 201)).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('reporting a breakdown', () => {
  it('numbers it, takes the machine down through an event naming it, and records who and when by the app clock', async () => {
    const made = await tech.ok(
      'POST',
      '/api/v1/breakdowns',
      { machineId: lathe, problem: 'Spindle grinding', priority: 'high' },
      201,
    );
    expect(made).toMatchObject({
      number: 1,
      machine: { id: lathe, name: 'Lathe', assetTag: 'LT-1', status: 'down' },
      problem: 'Spindle grinding',
      priority: 'high',
      status: 'reported',
      photoUrl: null,
      reportedAt: '2026-03-02T08:00:00.000Z',
      reportedBy: expect.stringContaining('tom@'),
      downtimeMinutes: null,
      parts: [],
    });
    expect(made.machineEvents).toEqual([
      expect.objectContaining({ fromStatus: 'running', toStatus: 'down', reason: 'Breakdown 1 reported' }),
    ]);
    expect((await machine(lathe)).status).toBe('down');
    const [entry] = await db().select().from(auditEntries).where(eq(auditEntries.entityId, made.id));
    expect(entry).toMatchObject({ entityType: 'breakdown', action: 'reported', entityLabel: 'Breakdown 1' });
  });

  it('leaves a machine that is already down down, and notes it in an event of the new breakdown', async () => {
    const second = await tech.ok(
      'POST',
      '/api/v1/breakdowns',
      { machineId: lathe, problem: 'Coolant leak' },
      201,
    );
    expect(second).toMatchObject({ number: 2, priority: 'medium', machine: { status: 'down' } });
    const events = await eventsOf(second.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.reason])).toEqual([
      ['down', 'down', 'Breakdown 2 reported: the machine was already down'],
    ]);
  });

  it('takes a picture uploaded by a technician as its photo, and refuses a video or a file not the company’s', async () => {
    const photo = await uploadPhoto(techCookie, 'fault.png', pngBytes(2000));
    expect(photo.statusCode, photo.body).toBe(201);
    const video = await uploadPhoto(techCookie, 'fault.mp4', mp4Bytes(2000));
    expect(video.statusCode, video.body).toBe(415);
    expect(video.json().error.fieldErrors).toEqual({ file: BREAKDOWN_MESSAGES.photoNotPicture });
    const made = await tech.ok(
      'POST',
      '/api/v1/breakdowns',
      { machineId: press, problem: 'Guard cracked', priority: 'low', photoFileId: photo.json().id },
      201,
    );
    expect(made.photoUrl).toBe(`/api/v1/files/${photo.json().id}`);
    expect(
      (await t.app.inject({ method: 'GET', url: made.photoUrl, headers: { cookie: techCookie } })).statusCode,
    ).toBe(200);

    const before = [await countOf(breakdowns), await countOf(machineStatusEvents)];
    const videoFile = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files?name=clip.mp4',
      headers: { origin: TEST_APP_URL, cookie: adminCookie, 'content-type': 'application/octet-stream' },
      payload: mp4Bytes(3000),
    });
    const notPicture = await tech.send('POST', '/api/v1/breakdowns', {
      machineId: press,
      problem: 'x',
      photoFileId: videoFile.json().id,
    });
    expect(notPicture.statusCode, notPicture.body).toBe(400);
    expect(notPicture.json().error.fieldErrors).toEqual({ photoFileId: BREAKDOWN_MESSAGES.photoNotPicture });
    const nowhere = await tech.send('POST', '/api/v1/breakdowns', {
      machineId: press,
      problem: 'x',
      photoFileId: NOWHERE,
    });
    expect(nowhere.statusCode, nowhere.body).toBe(404);
    expect(nowhere.json().error.fieldErrors).toEqual({ photoFileId: BREAKDOWN_MESSAGES.photoNotFound });
    expect([await countOf(breakdowns), await countOf(machineStatusEvents)]).toEqual(before);
  });

  it.each([
    [{ machineId: NOWHERE, problem: '' }, 'problem'],
    [{ machineId: NOWHERE, problem: 'x'.repeat(2001) }, 'problem'],
    [{ machineId: 'lathe', problem: 'Noise' }, 'machineId'],
    [{ problem: 'Noise' }, 'machineId'],
    [{ machineId: NOWHERE, problem: 'Noise', priority: 'urgent' }, 'priority'],
    [{ machineId: NOWHERE, problem: 'Noise', photoFileId: 'photo.png' }, 'photoFileId'],
  ])('refuses %j with 400 naming %s, and writes nothing', async (body, field) => {
    const before = [await countOf(breakdowns), await countOf(machineStatusEvents)];
    const response = await tech.send('POST', '/api/v1/breakdowns', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
    expect([await countOf(breakdowns), await countOf(machineStatusEvents)]).toEqual(before);
  });

  it('refuses a machine that is not the company’s: 404 naming machineId, no number taken', async () => {
    const response = await tech.send('POST', '/api/v1/breakdowns', { machineId: NOWHERE, problem: 'Noise' });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({ machineId: BREAKDOWN_MESSAGES.machineNotFound });
    const next = await tech.ok(
      'POST',
      '/api/v1/breakdowns',
      { machineId: press, problem: 'Oil on floor' },
      201,
    );
    expect(next.number).toBe(4);
  });
});
