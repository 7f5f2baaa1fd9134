// QC Setup's inspection plans (decision 071) through the API, on both databases: an admin creates a receipt plan
// with its draft version 1, edits its sampling and checks, releases it (audited), and "Edit" makes a new draft
// copied from it; a released version is frozen (the service's 409 and the trigger inspection_plan_version_frozen
// refusing a direct UPDATE); one receipt plan per item (409 naming stage); step plans only for assembly items; AQL
// only for receipt and final; bad input is 400 naming the field with nothing changed; operators read but cannot
// change; a visual check's reference must be one of the company's files.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MESSAGES } from '#common/schemas/inspection-plans.ts';
import { pngBytes } from '../../../tests/fixtures/media.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { items } from '../inventory/inventory.tables.ts';
import { inspectionChecks, inspectionPlanVersions } from './plans.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let operator: ReturnType<typeof client>;
let adminCookie: string;
let otherCookie: string;
const item: Record<string, string> = {};

async function uploaded(cookie: string, name: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/files?name=${name}`,
    headers: { origin: TEST_APP_URL, cookie, 'content-type': 'application/octet-stream' },
    payload: pngBytes(800),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const bore = {
  kind: 'measurement',
  name: 'Bore diameter',
  instructions: 'Three places around the bore',
  nominal: '10',
  lowerLimit: '9.95',
  upperLimit: '10.050',
  unit: 'mm',
  readingsPerUnit: 3,
  critical: true,
};
const finish = {
  kind: 'choice',
  name: 'Finish',
  choices: ['Matt', 'Gloss', 'Scratched'],
  acceptedChoices: ['Matt', 'Gloss'],
};

const versionRows = async (planId: string) =>
  t.database.db.select().from(inspectionPlanVersions).where(eq(inspectionPlanVersions.planId, planId));
const checkRows = async (versionId: string) =>
  t.database.db.select().from(inspectionChecks).where(eq(inspectionChecks.versionId, versionId));

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signIn({ email: 'ada@plans.example', role: 'admin', companyName: 'Plan Works' });
  admin = client(t, adminCookie);
  operator = client(
    t,
    await t.signIn({ email: 'otto@plans.example', role: 'user', companyName: 'Plan Works' }),
  );
  otherCookie = await t.signIn({ email: 'eve@else-plans.example', role: 'admin', companyName: 'Else Plans' });
  for (const [key, partNumber] of [
    ['bought', 'RM-BORE'],
    ['top', 'TOP-PLAN'],
  ] as const) {
    item[key] = (await admin.ok('POST', '/api/v1/items', { partNumber, name: `Part ${partNumber}` }, 201)).id;
  }
  await admin.ok('POST', '/api/v1/assemblies', { itemId: item.top }, 201);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('inspection plans', () => {
  let plan: { id: string; draftVersionId: string };
  let released: string;

  it('are created by an admin with an empty draft version 1, audited', async () => {
    plan = await admin.ok(
      'POST',
      '/api/v1/inspection-plans',
      { itemId: item.bought, stage: 'receipt', name: 'Incoming check' },
      201,
    );
    expect(plan).toMatchObject({
      stage: 'receipt',
      name: 'Incoming check',
      active: true,
      releasedNumber: null,
      draftNumber: 1,
      item: { partNumber: 'RM-BORE' },
      versions: [{ number: 1, status: 'draft', sampling: 'all', checkCount: 0 }],
    });
    const trail = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, plan.id));
    expect(trail.map((e) => e.action)).toEqual(['created']);
  });

  it('refuse a second receipt plan of the item (409 naming stage), a step plan of a bought item, and operators', async () => {
    const again = await admin.send('POST', '/api/v1/inspection-plans', {
      itemId: item.bought,
      stage: 'receipt',
      name: 'Another',
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(Object.keys(again.json().error.fieldErrors)).toEqual(['stage']);
    const step = await admin.send('POST', '/api/v1/inspection-plans', {
      itemId: item.bought,
      stage: 'step',
      name: 'Torque',
    });
    expect(step.statusCode, step.body).toBe(409);
    expect(step.json().error.fieldErrors).toEqual({ stage: PLAN_MESSAGES.stepNeedsAssembly });
    const bad = await admin.send('POST', '/api/v1/inspection-plans', {
      itemId: 'x',
      stage: 'later',
      name: '',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors).sort()).toEqual(['itemId', 'name', 'stage']);
    const byOperator = await operator.send('POST', '/api/v1/inspection-plans', {
      itemId: item.top,
      stage: 'final',
      name: 'Final',
    });
    expect(byOperator.statusCode, byOperator.body).toBe(403);
    expect((await operator.ok('GET', '/api/v1/inspection-plans')).total).toBe(1);
  });

  it("save a draft's sampling and checks in order; bad checks are 400 naming the field and change nothing", async () => {
    const saved = await admin.ok('PUT', `/api/v1/inspection-plan-versions/${plan.draftVersionId}`, {
      sampling: 'aql',
      inspectionLevel: 'II',
      aql: '2.5',
      checks: [bore, finish, { kind: 'pass_fail', name: 'Label present', photoOnFail: true, nominal: '3' }],
    });
    expect(saved).toMatchObject({ sampling: 'aql', inspectionLevel: 'II', aql: '2.5', sampleCount: null });
    expect(saved.checks.map((c: { name: string; position: number }) => [c.position, c.name])).toEqual([
      [1, 'Bore diameter'],
      [2, 'Finish'],
      [3, 'Label present'],
    ]);
    expect(saved.checks[0]).toMatchObject({
      nominal: '10',
      lowerLimit: '9.95',
      upperLimit: '10.05',
      unit: 'mm',
    });
    // A pass/fail check keeps no measurement fields, whatever was sent.
    expect(saved.checks[2]).toMatchObject({ nominal: null, photoOnFail: true, choices: [] });
    const before = await checkRows(plan.draftVersionId);
    for (const [body, field] of [
      [{ sampling: 'fixed', checks: [] }, 'sampleCount'],
      [{ sampling: 'aql', inspectionLevel: 'IV', aql: '2.5', checks: [] }, 'inspectionLevel'],
      [{ sampling: 'aql', inspectionLevel: 'II', aql: '3', checks: [] }, 'aql'],
      [{ sampling: 'all', checks: [{ ...bore, lowerLimit: null, upperLimit: '' }] }, 'checks.0.lowerLimit'],
      [{ sampling: 'all', checks: [{ ...bore, nominal: '11' }] }, 'checks.0.nominal'],
      [{ sampling: 'all', checks: [{ ...bore, lowerLimit: '10.1', nominal: null }] }, 'checks.0.upperLimit'],
      [{ sampling: 'all', checks: [{ ...bore, readingsPerUnit: 11 }] }, 'checks.0.readingsPerUnit'],
      [{ sampling: 'all', checks: [{ ...bore, upperLimit: '1e3' }] }, 'checks.0.upperLimit'],
      [
        { sampling: 'all', checks: [bore, { ...finish, acceptedChoices: ['Shiny'] }] },
        'checks.1.acceptedChoices',
      ],
      [{ sampling: 'all', checks: [{ kind: 'visual', name: 'Looks right' }] }, 'checks.0.referenceFileId'],
      [{ sampling: 'all', checks: [{ kind: 'sniff', name: 'Smell' }] }, 'checks.0.kind'],
    ] as const) {
      const response = await admin.send(
        'PUT',
        `/api/v1/inspection-plan-versions/${plan.draftVersionId}`,
        body,
      );
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors), field).toContain(field);
    }
    const byOperator = await operator.send('PUT', `/api/v1/inspection-plan-versions/${plan.draftVersionId}`, {
      sampling: 'all',
      checks: [],
    });
    expect(byOperator.statusCode, byOperator.body).toBe(403);
    expect(await checkRows(plan.draftVersionId)).toEqual(before);
  });

  it("take a visual check's reference from the company's files only (404 naming it otherwise)", async () => {
    const mine = await uploaded(adminCookie, 'good-weld.png');
    const theirs = await uploaded(otherCookie, 'their-weld.png');
    const before = await checkRows(plan.draftVersionId);
    const refused = await admin.send('PUT', `/api/v1/inspection-plan-versions/${plan.draftVersionId}`, {
      sampling: 'all',
      checks: [{ kind: 'visual', name: 'Weld', referenceFileId: theirs }],
    });
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json().error.fieldErrors).toEqual({
      'checks.0.referenceFileId': PLAN_MESSAGES.fileNotFound,
    });
    expect(await checkRows(plan.draftVersionId)).toEqual(before);
    const saved = await admin.ok('PUT', `/api/v1/inspection-plan-versions/${plan.draftVersionId}`, {
      sampling: 'fixed',
      sampleCount: 5,
      checks: [bore, finish, { kind: 'visual', name: 'Weld', referenceFileId: mine }],
    });
    expect(saved.checks[2].reference).toMatchObject({
      id: mine,
      name: 'good-weld.png',
      url: `/api/v1/files/${mine}`,
    });
    expect(saved).toMatchObject({ sampling: 'fixed', sampleCount: 5, aql: null, inspectionLevel: null });
  });

  it('release a draft (audited): it is in force and frozen — the API answers 409, the database refuses', async () => {
    const version = await admin.ok('POST', `/api/v1/inspection-plan-versions/${plan.draftVersionId}/release`);
    expect(version).toMatchObject({ status: 'released', number: 1, releasedBy: expect.any(String) });
    released = version.id;
    const detail = await operator.ok('GET', `/api/v1/inspection-plans/${plan.id}`);
    expect(detail).toMatchObject({
      releasedNumber: 1,
      draftNumber: null,
      draftVersionId: null,
      releasedVersionId: released,
    });
    const rows = await checkRows(released);
    for (const [method, url, body] of [
      ['PUT', `/api/v1/inspection-plan-versions/${released}`, { sampling: 'all', checks: [] }],
      ['POST', `/api/v1/inspection-plan-versions/${released}/release`, undefined],
    ] as const) {
      const response = await admin.send(method, url, body);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error.message).toBe(PLAN_MESSAGES.released(1));
    }
    expect(await checkRows(released)).toEqual(rows);
    // Whatever the code does, the database keeps a released version as it was.
    await expect(
      t.database.db.execute(sql`update inspection_plan_versions set sample_count = 9 where id = ${released}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(
        sql`update inspection_checks set name = 'Changed' where version_id = ${released}`,
      ),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from inspection_checks where version_id = ${released}`),
    ).rejects.toThrow();
    expect(await checkRows(released)).toEqual(rows);
    const trail = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, plan.id));
    expect(trail.map((e) => e.action)).toEqual(['created', 'updated', 'updated', 'released']);
    expect(trail[2]!.after).toMatchObject({
      version: 1,
      sampling: '5 units (capped at the lot)',
      checks: [
        'Bore diameter (measurement, 9.95..10.05 mm, nominal 10, 3 readings, critical)',
        'Finish (choice, Matt/Gloss of Matt/Gloss/Scratched)',
        'Weld (visual, good-weld.png)',
      ],
    });
  });

  it('make a new draft copied from the released version with Edit, refused while a draft exists', async () => {
    const edited = await admin.ok('POST', `/api/v1/inspection-plans/${plan.id}/draft`, undefined, 201);
    expect(edited).toMatchObject({ releasedNumber: 1, draftNumber: 2 });
    // Each version counts its own checks (every version read "Checks 0" before).
    expect(
      edited.versions.map((v: { number: number; checkCount: number }) => [v.number, v.checkCount]),
    ).toEqual([
      [2, 3],
      [1, 3],
    ]);
    const draft = await admin.ok('GET', `/api/v1/inspection-plan-versions/${edited.draftVersionId}`);
    const first = await admin.ok('GET', `/api/v1/inspection-plan-versions/${released}`);
    const strip = (v: { checks: { id: string }[] }) => v.checks.map(({ id: _, ...c }) => c);
    expect(strip(draft)).toEqual(strip(first));
    expect(draft).toMatchObject({ status: 'draft', number: 2, sampling: 'fixed', sampleCount: 5 });
    const twice = await admin.send('POST', `/api/v1/inspection-plans/${plan.id}/draft`);
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().error.message).toBe(PLAN_MESSAGES.draftExists(2));
    expect(await versionRows(plan.id)).toHaveLength(2);
  });

  it('are renamed and switched off by an admin, listed and filtered for everyone', async () => {
    const changed = await admin.ok('PUT', `/api/v1/inspection-plans/${plan.id}`, {
      name: 'Goods-in check',
      active: false,
    });
    expect(changed).toMatchObject({ name: 'Goods-in check', active: false });
    const final = await admin.ok(
      'POST',
      '/api/v1/inspection-plans',
      { itemId: item.top, stage: 'final', name: 'Final check' },
      201,
    );
    const torque = await admin.ok(
      'POST',
      '/api/v1/inspection-plans',
      { itemId: item.top, stage: 'step', name: 'Torque' },
      201,
    );
    const sameName = await admin.send('POST', '/api/v1/inspection-plans', {
      itemId: item.top,
      stage: 'step',
      name: 'torque',
    });
    expect(sameName.statusCode, sameName.body).toBe(409);
    expect(Object.keys(sameName.json().error.fieldErrors)).toEqual(['name']);
    const aqlOnStep = await admin.send('PUT', `/api/v1/inspection-plan-versions/${torque.draftVersionId}`, {
      sampling: 'aql',
      inspectionLevel: 'II',
      aql: '1.0',
      checks: [],
    });
    expect(aqlOnStep.statusCode, aqlOnStep.body).toBe(400);
    expect(aqlOnStep.json().error.fieldErrors).toEqual({ sampling: PLAN_MESSAGES.aqlNotForStep });
    const names = (page: { items: { name: string }[] }) => page.items.map((p) => p.name);
    expect(names(await operator.ok('GET', '/api/v1/inspection-plans'))).toEqual([
      'Goods-in check',
      'Torque',
      'Final check',
    ]);
    expect(names(await operator.ok('GET', `/api/v1/inspection-plans?itemId=${item.top}`))).toEqual([
      'Torque',
      'Final check',
    ]);
    expect(names(await operator.ok('GET', '/api/v1/inspection-plans?stage=final'))).toEqual(['Final check']);
    expect(names(await operator.ok('GET', '/api/v1/inspection-plans?q=rm-bo'))).toEqual(['Goods-in check']);
    expect(names(await operator.ok('GET', '/api/v1/inspection-plans?active=active'))).toEqual([
      'Torque',
      'Final check',
    ]);
    const page = await operator.ok('GET', '/api/v1/inspection-plans?pageSize=2&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(final.versions).toHaveLength(1);
    const rename = await operator.send('PUT', `/api/v1/inspection-plans/${plan.id}`, {
      name: 'Mine',
      active: true,
    });
    expect(rename.statusCode, rename.body).toBe(403);
  });
});

describe('receipt plans', () => {
  it('refuse a receipt plan of an item without lots, and releasing one whose item lost its lots (409 naming itemId)', async () => {
    const loose = await admin.ok(
      'POST',
      '/api/v1/items',
      { partNumber: 'BRG-LOOSE', name: 'Loose bearing', lotTracked: false },
      201,
    );
    const refused = await admin.send('POST', '/api/v1/inspection-plans', {
      itemId: loose.id,
      stage: 'receipt',
      name: 'Incoming bearings',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.fieldErrors).toEqual({ itemId: PLAN_MESSAGES.receiptNeedsLots('BRG-LOOSE') });
    // Made while the item had lots, then lot tracking turned off: the release is refused the same way.
    await t.database.db.update(items).set({ lotTracked: true }).where(eq(items.id, loose.id));
    const made = await admin.ok(
      'POST',
      '/api/v1/inspection-plans',
      { itemId: loose.id, stage: 'receipt', name: 'Incoming bearings' },
      201,
    );
    await admin.ok('PUT', `/api/v1/inspection-plan-versions/${made.draftVersionId}`, {
      sampling: 'all',
      checks: [finish],
    });
    await t.database.db.update(items).set({ lotTracked: false }).where(eq(items.id, loose.id));
    const release = await admin.send(
      'POST',
      `/api/v1/inspection-plan-versions/${made.draftVersionId}/release`,
    );
    expect(release.statusCode, release.body).toBe(409);
    expect(release.json().error.fieldErrors).toEqual({ itemId: PLAN_MESSAGES.receiptNeedsLots('BRG-LOOSE') });
    expect((await versionRows(made.id)).map((v) => v.status)).toEqual(['draft']);
    await admin.ok('PUT', `/api/v1/inspection-plans/${made.id}`, {
      name: 'Incoming bearings',
      active: false,
    });
  });
});
