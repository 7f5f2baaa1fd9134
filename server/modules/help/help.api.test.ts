// Getting started (GET /api/v1/help/getting-started): a new company's admin sees five set-up steps with none ticked;
// each is ticked by the work itself (a configuration change, an item, a location, a printed label, an invited user),
// not by a click on /help; a company with Inventory off is not offered its steps; an operator sees their own four,
// ticked by what they did, not by what a colleague did — on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';

let t: TTestApp;

function send(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}

async function created(url: string, payload: object, cookie: string) {
  const response = await send('POST', url, cookie, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function stepsOf(cookie: string) {
  const response = await send('GET', '/api/v1/help/getting-started', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { audience: string; steps: { id: string; done: boolean }[] };
}

const doneOf = async (cookie: string) =>
  Object.fromEntries((await stepsOf(cookie)).steps.map((s) => [s.id, s.done]));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("an admin's set-up steps", () => {
  it('a new company is offered the thirteen steps in order, none ticked', async () => {
    const admin = await t.signIn({ email: 'ada@fresh.example', role: 'admin', companyName: 'Fresh Works' });
    expect(await stepsOf(admin)).toEqual({
      audience: 'admin',
      steps: [
        'configure',
        'items',
        'locations',
        'labels',
        'team',
        'assembly',
        'order',
        'work-order',
        'production',
        'inspection-plan',
        'quality',
        'job',
        'job-cost',
      ].map((id) => ({ id, done: false })),
    });
  });

  it('each step is ticked by the work it asks for, one at a time', async () => {
    const admin = await t.signIn({ email: 'ada@steps.example', role: 'admin', companyName: 'Step Works' });
    const change = await send('PATCH', '/api/v1/company/label-config', admin, { width: 2 });
    expect(change.statusCode, change.body).toBe(200);
    expect(await doneOf(admin)).toEqual({
      configure: true,
      items: false,
      locations: false,
      labels: false,
      team: false,
      assembly: false,
      order: false,
      'work-order': false,
      production: false,
      'inspection-plan': false,
      quality: false,
      job: false,
      'job-cost': false,
    });

    const item = await created('/api/v1/items', { partNumber: 'HLP-1', name: 'Help bolt' }, admin);
    expect(await doneOf(admin)).toMatchObject({ items: true, locations: false, labels: false });
    const site = await created('/api/v1/locations', { kind: 'site', code: 'HLP', name: 'Help site' }, admin);
    expect(await doneOf(admin)).toMatchObject({ locations: true, labels: false });

    const formats = (await send('GET', '/api/v1/label-formats', admin)).json();
    const printed = await send('POST', '/api/v1/labels/print', admin, {
      formatId: formats.items[0].id,
      output: 'roll',
      targets: [{ kind: 'item', id: item.id, copies: 1 }],
    });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(await doneOf(admin)).toMatchObject({ labels: true, team: false });

    await created(
      '/api/v1/users',
      { method: 'invite', email: 'carl@steps.example', firstName: 'Carl', lastName: 'Crew' },
      admin,
    );
    expect(await doneOf(admin)).toMatchObject({ team: true, assembly: false });

    // An assembly ticks its step once a revision is released, not while it is a draft.
    const kit = await created('/api/v1/items', { partNumber: 'HLP-KIT', name: 'Help kit' }, admin);
    const made = await created('/api/v1/assemblies', { itemId: kit.id }, admin);
    const saved = await send('PUT', `/api/v1/assembly-revisions/${made.draftRevisionId}`, admin, {
      lines: [{ componentItemId: item.id, quantity: '2' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await doneOf(admin)).toMatchObject({ assembly: false });
    const released = await send('POST', `/api/v1/assembly-revisions/${made.draftRevisionId}/release`, admin);
    expect(released.statusCode, released.body).toBe(200);
    expect(await doneOf(admin)).toMatchObject({ assembly: true, order: false });

    // An order ticks its step once it is opened, not while it is a draft.
    const order = await created(
      '/api/v1/build-orders',
      { lines: [{ assemblyId: made.id, quantity: '1' }] },
      admin,
    );
    expect(await doneOf(admin)).toMatchObject({ order: false });
    const opened = await send('POST', `/api/v1/build-orders/${order.id}/status`, admin, { status: 'open' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await doneOf(admin)).toMatchObject({ order: true, 'work-order': false });

    // A work order ticks its step once it is released (its components reserved), not while it is planned.
    const bin = await created(
      '/api/v1/locations',
      { kind: 'bin', parentId: site.id, code: 'B', name: 'Bin' },
      admin,
    );
    const received = await send('POST', '/api/v1/stock/transactions', admin, {
      idempotencyKey: crypto.randomUUID(),
      kind: 'receive',
      lines: [
        {
          itemId: item.id,
          locationId: bin.id,
          quantity: '2',
          ...(item.lotTracked ? { lotNumber: 'HLP-LOT' } : {}),
        },
      ],
    });
    expect(received.statusCode, received.body).toBe(201);
    const workOrder = await created('/api/v1/work-orders', { assemblyId: made.id, quantity: '1' }, admin);
    expect(await doneOf(admin)).toMatchObject({ 'work-order': false });
    const release = await send('POST', `/api/v1/work-orders/${workOrder.id}/status`, admin, {
      status: 'released',
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(await doneOf(admin)).toMatchObject({ 'work-order': true, production: false });

    // The production step is ticked once a work order is completed: started, its output put away, completed.
    const started = await send('POST', `/api/v1/work-orders/${workOrder.id}/status`, admin, {
      status: 'in_progress',
    });
    expect(started.statusCode, started.body).toBe(200);
    const output = await send('POST', `/api/v1/work-orders/${workOrder.id}/outputs`, admin, {
      idempotencyKey: crypto.randomUUID(),
      goodQuantity: '1',
      locationId: bin.id,
    });
    expect(output.statusCode, output.body).toBe(201);
    expect(await doneOf(admin)).toMatchObject({ production: false });
    // Nobody scanned the part: completion asks, and takes it as planned (decision 064).
    const complete = await send('POST', `/api/v1/work-orders/${workOrder.id}/complete`, admin, {
      resolutions: [{ itemId: item.id, action: 'consume' }],
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(await doneOf(admin)).toEqual({
      configure: true,
      items: true,
      locations: true,
      labels: true,
      team: true,
      assembly: true,
      order: true,
      'work-order': true,
      production: true,
      'inspection-plan': false,
      quality: false,
      job: false,
      'job-cost': false,
    });
  });

  it('a company with Inventory switched off is not offered the inventory steps', async () => {
    const admin = await t.signIn({
      email: 'ada@noinv.example',
      role: 'admin',
      companyName: 'No Stock Works',
    });
    const off = await send('PATCH', '/api/v1/company/label-config', admin, { enableInventoryFeature: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await stepsOf(admin)).steps).toEqual([
      { id: 'configure', done: true },
      { id: 'team', done: false },
      { id: 'assembly', done: false },
      { id: 'order', done: false },
      { id: 'work-order', done: false },
      { id: 'production', done: false },
      { id: 'inspection-plan', done: false },
      { id: 'quality', done: false },
      { id: 'job', done: false },
      { id: 'job-cost', done: false },
    ]);
  });
});

describe("Maintenance's step", () => {
  it('is offered once the area is switched on, and ticked by the first machine added', async () => {
    const admin = await t.signIn({ email: 'ada@mach.example', role: 'admin', companyName: 'Machine Works' });
    expect((await stepsOf(admin)).steps.map((s) => s.id)).not.toContain('machine');
    const on = await send('PATCH', '/api/v1/company/label-config', admin, { enableMaintenanceFeature: true });
    expect(on.statusCode, on.body).toBe(200);
    const ids = (await stepsOf(admin)).steps.map((s) => s.id);
    expect(ids.slice(ids.indexOf('production'))).toEqual([
      'production',
      'machine',
      'maintenance-plan',
      'maintenance-email',
      'pm-calendar',
      'breakdown',
      'maintenance-logs',
      'inspection-plan',
      'quality',
      'job',
      'job-cost',
    ]);
    expect(await doneOf(admin)).toMatchObject({ machine: false, 'maintenance-plan': false });
    const lathe = await created('/api/v1/machines', { name: 'Lathe', assetTag: 'LT-1' }, admin);
    expect(await doneOf(admin)).toMatchObject({ machine: true, 'maintenance-plan': false });
    const plan = { machineId: lathe.id, title: 'Lube', mode: 'fixed', startOn: '2027-01-31' };
    const made = await created(
      '/api/v1/maintenance/plans',
      { ...plan, calendarEvery: 1, calendarUnit: 'month' },
      admin,
    );
    expect(await doneOf(admin)).toMatchObject({ 'maintenance-plan': true, 'maintenance-logs': false });
    const done = await send('POST', `/api/v1/maintenance/occurrences/${made.open.id}/complete`, admin, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(await doneOf(admin)).toMatchObject({
      'maintenance-logs': true,
      'pm-calendar': false,
      breakdown: false,
    });
    const feed = await send('POST', '/api/v1/maintenance/calendar-feed', admin, {});
    expect(feed.statusCode, feed.body).toBe(201);
    expect(await doneOf(admin)).toMatchObject({ 'pm-calendar': true, breakdown: false });
    const reported = await created('/api/v1/breakdowns', { machineId: lathe.id, problem: 'Chatter' }, admin);
    expect(await doneOf(admin)).toMatchObject({ breakdown: false });
    const resolved = await send('POST', `/api/v1/breakdowns/${reported.id}/resolve`, admin, {
      cause: 'Loose gib',
      action: 'Tightened the gib',
      repairMinutes: 0, // resolved the moment it was reported: no time down to repair in
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await doneOf(admin)).toMatchObject({ breakdown: true });
  });

  it('ticks "Choose who gets maintenance e-mails" once the settings name a recipient, not before', async () => {
    const admin = await t.signIn({ email: 'ada@mail.example', role: 'admin', companyName: 'Mail Works' });
    const on = await send('PATCH', '/api/v1/company/label-config', admin, { enableMaintenanceFeature: true });
    expect(on.statusCode, on.body).toBe(200);
    const settings = {
      userIds: [],
      emails: [],
      daysBefore: 3,
      overdueEveryDays: 1,
      breakdownAlerts: true,
      dailyDigest: false,
      digestHour: 7,
    };
    const nobody = await send('PUT', '/api/v1/maintenance/email-settings', admin, settings);
    expect(nobody.statusCode, nobody.body).toBe(200);
    expect(await doneOf(admin)).toMatchObject({ 'maintenance-email': false });
    const named = await send('PUT', '/api/v1/maintenance/email-settings', admin, {
      ...settings,
      emails: ['pm@mail.example'],
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(await doneOf(admin)).toMatchObject({ 'maintenance-email': true });
  });
});

describe("Quality's steps", () => {
  it("a released plan ticks the admin's set-up; an operator finishing an inspection ticks theirs and the dashboard's", async () => {
    const company = 'Gauge Works';
    const admin = await t.signIn({ email: 'ada@gauge.example', role: 'admin', companyName: company });
    const otto = await t.signIn({ email: 'otto@gauge.example', role: 'user', companyName: company });
    const olga = await t.signIn({ email: 'olga@gauge.example', role: 'user', companyName: company });
    const site = await created('/api/v1/locations', { kind: 'site', code: 'GGE', name: 'Goods in' }, admin);
    const item = await created('/api/v1/items', { partNumber: 'GGE-1', name: 'Gauge block' }, admin);
    const plan = await created(
      '/api/v1/inspection-plans',
      { itemId: item.id, stage: 'receipt', name: 'Goods-in look' },
      admin,
    );
    const saved = await send('PUT', `/api/v1/inspection-plan-versions/${plan.draftVersionId}`, admin, {
      sampling: 'all',
      checks: [{ kind: 'pass_fail', name: 'Undamaged' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A draft inspects nothing yet.
    expect(await doneOf(admin)).toMatchObject({ 'inspection-plan': false, quality: false });
    const released = await send(
      'POST',
      `/api/v1/inspection-plan-versions/${plan.draftVersionId}/release`,
      admin,
      {},
    );
    expect(released.statusCode, released.body).toBe(200);
    expect(await doneOf(admin)).toMatchObject({ 'inspection-plan': true, quality: false });

    // The receipt holds the new lot and opens its inspection; Otto inspects the one unit and finishes.
    const receipt = await created(
      '/api/v1/stock/transactions',
      {
        kind: 'receive',
        idempotencyKey: 'help-gauge-receive',
        lines: [{ itemId: item.id, locationId: site.id, quantity: '1', lotNumber: 'GG-1' }],
      },
      admin,
    );
    const inspectionId = receipt.heldForInspection[0].inspectionId;
    const checkId = saved.json().checks[0].id;
    await created(`/api/v1/inspections/${inspectionId}/results`, { checkId, unitNo: 1, passed: true }, otto);
    expect(await doneOf(otto)).toMatchObject({ inspect: false });
    const finished = await send('POST', `/api/v1/inspections/${inspectionId}/finish`, otto, {});
    expect(finished.statusCode, finished.body).toBe(200);
    expect(await doneOf(otto)).toMatchObject({ inspect: true });
    expect(await doneOf(olga)).toMatchObject({ inspect: false });
    expect(await doneOf(admin)).toMatchObject({ quality: true });
  });
});

describe("an operator's own steps", () => {
  it('are scan, count, inspect and clock in, ticked by what this operator did and not by a colleague', async () => {
    const company = 'Floor Works';
    const admin = await t.signIn({ email: 'ada@floor.example', role: 'admin', companyName: company });
    const otto = await t.signIn({ email: 'otto@floor.example', role: 'user', companyName: company });
    const olga = await t.signIn({ email: 'olga@floor.example', role: 'user', companyName: company });
    expect(await stepsOf(otto)).toEqual({
      audience: 'operator',
      steps: [
        { id: 'scan', done: false },
        { id: 'count', done: false },
        { id: 'inspect', done: false },
        { id: 'clock-in', done: false },
      ],
    });

    const site = await created('/api/v1/locations', { kind: 'site', code: 'FLR', name: 'Floor' }, admin);
    const item = await created(
      '/api/v1/items',
      { partNumber: 'FLR-1', name: 'Floor bolt', lotTracked: false },
      admin,
    );
    await created(
      '/api/v1/stock/transactions',
      {
        kind: 'receive',
        idempotencyKey: 'help-otto-receive',
        lines: [{ itemId: item.id, locationId: site.id, quantity: '4' }],
      },
      otto,
    );
    expect(await doneOf(otto)).toEqual({ scan: true, count: false, inspect: false, 'clock-in': false });
    expect(await doneOf(olga)).toEqual({ scan: false, count: false, inspect: false, 'clock-in': false });
    // The admin's own steps are the company's: an operator's movement ticks none of them but what it made.
    expect(await doneOf(admin)).toMatchObject({ items: true, locations: true, labels: false });
  });

  it('are not offered when Inventory, Quality and Time are switched off (no step is left for an operator)', async () => {
    const company = 'Office Works';
    const admin = await t.signIn({ email: 'ada@office.example', role: 'admin', companyName: company });
    const user = await t.signIn({ email: 'uma@office.example', role: 'user', companyName: company });
    await send('PATCH', '/api/v1/company/label-config', admin, { enableInventoryFeature: false });
    expect(await stepsOf(user)).toEqual({
      audience: 'operator',
      steps: [
        { id: 'inspect', done: false },
        { id: 'clock-in', done: false },
      ],
    });
    await send('PATCH', '/api/v1/company/label-config', admin, { enableQualityFeature: false });
    await send('PATCH', '/api/v1/company/label-config', admin, { enableTimeFeature: false });
    expect(await stepsOf(user)).toEqual({ audience: 'operator', steps: [] });
  });

  it("ticks Clock in by the operator's own time and Create a job by the company's first job", async () => {
    const company = 'Clock Works';
    const admin = await t.signIn({ email: 'ada@clock.example', role: 'admin', companyName: company });
    const otto = await t.signIn({ email: 'otto@clock.example', role: 'user', companyName: company });
    const olga = await t.signIn({ email: 'olga@clock.example', role: 'user', companyName: company });
    expect(await doneOf(admin)).toMatchObject({ job: false });
    const job = await created('/api/v1/jobs', { name: 'Pump skid' }, admin);
    expect(await doneOf(admin)).toMatchObject({ job: true, 'job-cost': false });
    expect(await doneOf(otto)).toMatchObject({ 'clock-in': false });
    const clocked = await send('POST', '/api/v1/time/clock-in', otto, { jobId: job.id });
    expect(clocked.statusCode, clocked.body).toBe(200);
    expect(await doneOf(otto)).toMatchObject({ 'clock-in': true });
    expect(await doneOf(olga)).toMatchObject({ 'clock-in': false });
    // Time that ended is charged to the job: the job cost report has something to show.
    const out = await send('POST', '/api/v1/time/clock-out', otto);
    expect(out.statusCode, out.body).toBe(200);
    expect(await doneOf(admin)).toMatchObject({ 'job-cost': true });
  });

  it('a visitor who is not signed in is refused', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/help/getting-started',
      headers: { origin: TEST_APP_URL },
    });
    expect(response.statusCode).toBe(401);
  });
});
