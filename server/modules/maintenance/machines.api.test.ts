// Machines through the API (decision 055): added, changed and listed by admins, read by everyone in the company; the
// asset tag once per company whatever its case (409 naming assetTag); every status change kept in the history; the
// meter never backwards (409 naming reading, also when only the trigger could see it); bad input refused naming the
// field with nothing changed; every change in the audit trail; and nothing at all while the area is off.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_MESSAGES } from '#common/schemas/machines.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { machineMeterReadings, machineStatusEvents, machines } from './machines.tables.ts';

let t: TTestApp;
let adminCookie: string;
let admin: ReturnType<typeof client>;
let technician: ReturnType<typeof client>;
let site: string;
let bay: string;

const count = async () => (await t.database.db.select().from(machines)).length;
const setMaintenance = async (on: boolean) => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie: adminCookie },
    payload: { enableMaintenanceFeature: on },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const lathe = (extra: object = {}) => ({
  name: 'Lathe 1',
  assetTag: 'LT-001',
  locationId: bay,
  make: 'Haas',
  model: 'ST-10',
  serial: 'H-998',
  commissionedOn: '2021-03-15',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signIn({ email: 'ada@mach.example', role: 'admin', companyName: 'Mach Works' });
  admin = client(t, adminCookie);
  technician = client(
    t,
    await t.signIn({ email: 'tom@mach.example', role: 'user', companyName: 'Mach Works' }),
  );
  site = (await admin.ok('POST', '/api/v1/locations', { kind: 'site', code: 'M-S', name: 'Plant' }, 201)).id;
  bay = (
    await admin.ok(
      'POST',
      '/api/v1/locations',
      { kind: 'bin', parentId: site, code: 'BAY', name: 'Bay 2' },
      201,
    )
  ).id;
  await setMaintenance(true);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('adding and changing a machine', () => {
  let id: string;

  it('adds a running machine with its place, its first status in the history, and an audit entry', async () => {
    const made = await admin.ok('POST', '/api/v1/machines', lathe(), 201);
    id = made.id;
    expect(made).toMatchObject({
      name: 'Lathe 1',
      assetTag: 'LT-001',
      location: { id: bay, code: 'M-S / BAY', name: 'Bay 2' },
      make: 'Haas',
      model: 'ST-10',
      serial: 'H-998',
      commissionedOn: '2021-03-15',
      status: 'running',
      meterReading: '0',
      meterReadAt: null,
      meterReadings: [],
    });
    expect(made.statusHistory).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'running', reason: 'Added' }),
    ]);
    const [entry] = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, id));
    expect(entry).toMatchObject({ entityType: 'machine', action: 'created', entityLabel: 'LT-001' });
    expect(entry?.after).toMatchObject({ name: 'Lathe 1', location: 'M-S / BAY Bay 2', status: 'running' });
  });

  it('refuses a second machine with the same asset tag in any case: 409 naming assetTag, nothing added', async () => {
    const before = await count();
    const response = await admin.send(
      'POST',
      '/api/v1/machines',
      lathe({ name: 'Other', assetTag: 'lt-001' }),
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.fieldErrors).toEqual({ assetTag: MACHINE_MESSAGES.assetTagTaken });
    expect(await count()).toBe(before);
  });

  it.each([
    [{ ...lathe({ assetTag: 'X1' }), name: '' }, 'name'],
    [{ ...lathe({ assetTag: 'X2' }), name: 'x'.repeat(121) }, 'name'],
    [{ ...lathe(), assetTag: '   ' }, 'assetTag'],
    [lathe({ assetTag: 'X3', locationId: 'bay' }), 'locationId'],
    [lathe({ assetTag: 'X4', commissionedOn: '2021-02-30' }), 'commissionedOn'],
    [lathe({ assetTag: 'X5', make: 7 }), 'make'],
  ])('refuses %j with 400 naming %s, and adds nothing', async (body, field) => {
    const before = await count();
    const response = await admin.send('POST', '/api/v1/machines', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
    expect(await count()).toBe(before);
  });

  it('refuses a location that is not the company’s: 404 naming locationId', async () => {
    const response = await admin.send(
      'POST',
      '/api/v1/machines',
      lathe({ assetTag: 'X6', locationId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({ locationId: MACHINE_MESSAGES.locationNotFound });
  });

  it('changes the fields whole, records only what changed, and keeps the asset tag unique', async () => {
    const changed = await admin.ok(
      'PUT',
      `/api/v1/machines/${id}`,
      lathe({ name: 'Lathe One', locationId: site, serial: '' }),
    );
    expect(changed).toMatchObject({
      name: 'Lathe One',
      location: { id: site },
      serial: '',
      status: 'running',
    });
    const entries = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, id), eq(auditEntries.action, 'updated')));
    expect(entries).toHaveLength(1);
    expect(Object.keys(entries[0]?.after ?? {}).sort()).toEqual(['location', 'name', 'serial']);

    await admin.ok('POST', '/api/v1/machines', lathe({ name: 'Mill', assetTag: 'ML-001' }), 201);
    const clash = await admin.send('PUT', `/api/v1/machines/${id}`, lathe({ assetTag: 'ML-001' }));
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().error.fieldErrors).toEqual({ assetTag: MACHINE_MESSAGES.assetTagTaken });
    expect((await admin.ok('GET', `/api/v1/machines/${id}`)).assetTag).toBe('LT-001');
  });

  it('lets a technician read machines but not change them (403), and answers 404 for an id nowhere', async () => {
    expect((await technician.ok('GET', `/api/v1/machines/${id}`)).name).toBe('Lathe One');
    expect((await technician.ok('GET', '/api/v1/machines')).total).toBeGreaterThan(0);
    for (const [method, url, body] of [
      ['POST', '/api/v1/machines', lathe({ assetTag: 'T-1' })],
      ['PUT', `/api/v1/machines/${id}`, lathe()],
      ['POST', `/api/v1/machines/${id}/status`, { status: 'down' }],
      ['POST', `/api/v1/machines/${id}/meter-readings`, { reading: '5' }],
    ] as const) {
      expect((await technician.send(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const missing = await admin.send('GET', '/api/v1/machines/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(MACHINE_MESSAGES.notFound);
  });
});

describe('status and its history', () => {
  it('keeps every change with who and why, newest first, and refuses the same status again', async () => {
    const { id } = await admin.ok(
      'POST',
      '/api/v1/machines',
      lathe({ name: 'Press', assetTag: 'PR-1' }),
      201,
    );
    await admin.ok('POST', `/api/v1/machines/${id}/status`, { status: 'down', reason: 'Hydraulic leak' });
    const back = await admin.ok('POST', `/api/v1/machines/${id}/status`, { status: 'in_maintenance' });
    expect(back.status).toBe('in_maintenance');
    expect(
      back.statusHistory.map((e: { fromStatus: string | null; toStatus: string }) => [
        e.fromStatus,
        e.toStatus,
      ]),
    ).toEqual([
      ['down', 'in_maintenance'],
      ['running', 'down'],
      [null, 'running'],
    ]);
    expect(back.statusHistory[1]).toMatchObject({
      reason: 'Hydraulic leak',
      byName: expect.stringContaining('ada@'),
    });

    const same = await admin.send('POST', `/api/v1/machines/${id}/status`, { status: 'in_maintenance' });
    expect(same.statusCode, same.body).toBe(409);
    expect(same.json().error.fieldErrors.status).toBe(MACHINE_MESSAGES.sameStatus('In maintenance'));
    const bad = await admin.send('POST', `/api/v1/machines/${id}/status`, { status: 'broken' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors)).toEqual(['status']);
    const events = await t.database.db
      .select()
      .from(machineStatusEvents)
      .where(eq(machineStatusEvents.machineId, id));
    expect(events).toHaveLength(3);
    const trail = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, id), eq(auditEntries.action, 'status-changed')));
    expect(trail).toHaveLength(2);
  });
});

describe('the runtime meter', () => {
  it('records readings forward (the same reading again too) and refuses one below the latest: 409 naming reading', async () => {
    const { id } = await admin.ok(
      'POST',
      '/api/v1/machines',
      lathe({ name: 'Grinder', assetTag: 'GR-1' }),
      201,
    );
    const first = await admin.ok('POST', `/api/v1/machines/${id}/meter-readings`, { reading: '120.5' });
    expect(first).toMatchObject({ meterReading: '120.5', meterReadAt: expect.any(String) });
    await admin.ok('POST', `/api/v1/machines/${id}/meter-readings`, { reading: '120.50' });

    const backwards = await admin.send('POST', `/api/v1/machines/${id}/meter-readings`, { reading: '99' });
    expect(backwards.statusCode, backwards.body).toBe(409);
    expect(backwards.json().error.fieldErrors).toEqual({ reading: MACHINE_MESSAGES.meterBackwards('120.5') });
    for (const reading of ['-1', '1.234', 'lots', '']) {
      const bad = await admin.send('POST', `/api/v1/machines/${id}/meter-readings`, { reading });
      expect(bad.statusCode, reading).toBe(400);
      expect(Object.keys(bad.json().error.fieldErrors)).toEqual(['reading']);
    }
    const detail = await admin.ok('GET', `/api/v1/machines/${id}`);
    expect(detail.meterReading).toBe('120.5');
    expect(detail.meterReadings.map((r: { reading: string }) => r.reading)).toEqual(['120.5', '120.5']);
    const trail = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, id), eq(auditEntries.action, 'meter-read')));
    expect(trail).toHaveLength(2);
  });

  it('answers 409, never a 500, when only the trigger sees a higher reading', async () => {
    const { id } = await admin.ok('POST', '/api/v1/machines', lathe({ name: 'Saw', assetTag: 'SW-1' }), 201);
    // A reading written beside the service (a bulk load, a correction), the machine row not yet moved on.
    const [row] = await t.database.db.select().from(machines).where(eq(machines.id, id));
    await t.database.db.insert(machineMeterReadings).values({
      id: '018f0000-0000-7000-8000-000000000001',
      companyId: row!.companyId,
      machineId: id,
      reading: '500',
      source: 'manual',
      byName: 'A bulk load',
    });
    const refused = await admin.send('POST', `/api/v1/machines/${id}/meter-readings`, { reading: '200' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(Object.keys(refused.json().error.fieldErrors)).toEqual(['reading']);
    const [after] = await t.database.db.select().from(machines).where(eq(machines.id, id));
    expect(after?.meterReading).toMatch(/^0(\.0+)?$/);
  });
});

describe('the list', () => {
  it('pages by name, searches name, tag, make, model and serial, filters by status, and exports the same', async () => {
    const all = await admin.ok('GET', '/api/v1/machines?pageSize=2');
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(5);
    const names = (await admin.ok('GET', '/api/v1/machines?pageSize=100')).items.map(
      (m: { name: string }) => m.name,
    );
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(
      (await admin.ok('GET', '/api/v1/machines?q=pr-1')).items.map((m: { name: string }) => m.name),
    ).toEqual(['Press']);
    expect((await admin.ok('GET', '/api/v1/machines?q=haas')).total).toBe(all.total);
    const down = await admin.ok('GET', '/api/v1/machines?status=in_maintenance');
    expect(down.items.map((m: { assetTag: string }) => m.assetTag)).toEqual(['PR-1']);
    const bad = await admin.send('GET', '/api/v1/machines?status=broken');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors)).toEqual(['status']);

    const csv = await admin.send('GET', '/api/v1/machines/export.csv?status=in_maintenance');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Asset tag');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain('PR-1');
    expect(lines[1]).toContain('In maintenance');
  });
});

describe('with Maintenance switched off', () => {
  it('answers 403 FEATURE_DISABLED to every machine route and changes nothing', async () => {
    const [one] = await t.database.db.select().from(machines).limit(1);
    const events = async () => (await t.database.db.select().from(machineStatusEvents)).length;
    const before = await events();
    await setMaintenance(false);
    try {
      for (const [method, url, body] of [
        ['GET', '/api/v1/machines', undefined],
        ['GET', '/api/v1/machines/export.csv', undefined],
        ['GET', `/api/v1/machines/${one!.id}`, undefined],
        ['POST', '/api/v1/machines', lathe({ assetTag: 'OFF-1' })],
        ['PUT', `/api/v1/machines/${one!.id}`, lathe({ name: 'Off' })],
        ['POST', `/api/v1/machines/${one!.id}/status`, { status: 'down' }],
        ['POST', `/api/v1/machines/${one!.id}/meter-readings`, { reading: '9999' }],
      ] as const) {
        const response = await admin.send(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().error.code).toBe('FEATURE_DISABLED');
      }
    } finally {
      await setMaintenance(true);
    }
    const [after] = await t.database.db.select().from(machines).where(eq(machines.id, one!.id));
    expect(after).toEqual(one);
    expect(await events()).toBe(before);
  });
});
