// SKU setup and the location tree (/api/v1/items, /api/v1/locations): the rules a shop relies on — unique part
// numbers, exact decimals, the plan's SKU limit at its edge and under concurrency, the tree's shape and its
// indexed subtree query, the area switch — on PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { createCompany, uniqueCompanyName } from '../../db/seed/factories.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { items } from './inventory.tables.ts';

let t: TTestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ines@stock.example', role: 'admin', companyName: 'Stock Shop' });
  user = await t.signIn({ email: 'uri@stock.example', role: 'user', companyName: 'Stock Shop' });
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

let counter = 0;
const part = (prefix = 'P') => `${prefix}-${++counter}`;

describe('items', () => {
  it('adds an item with exact decimals, lot tracking from the company setting, and an audit entry', async () => {
    const response = await send('POST', '/api/v1/items', admin, {
      partNumber: ' BOLT-M6x20 ',
      name: 'Hex bolt M6 × 20',
      unitOfMeasure: 'pcs',
      category: 'Fasteners',
      unitCost: '0.1250',
      reorderPoint: '500.000',
    });
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({
      partNumber: 'BOLT-M6x20',
      unitCost: '0.125',
      reorderPoint: '500',
      lotTracked: true, // SPEC.md's default: the company uses lot numbers
      active: true,
    });
    const [entry] = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, item.id));
    expect(entry).toMatchObject({ entityType: 'item', action: 'created', entityLabel: 'BOLT-M6x20' });
  });

  it('refuses a part number already used in the company, in any case, and creates nothing', async () => {
    const partNumber = part('DUP');
    expect((await send('POST', '/api/v1/items', admin, { partNumber, name: 'First' })).statusCode).toBe(201);
    const again = await send('POST', '/api/v1/items', admin, {
      partNumber: partNumber.toLowerCase(),
      name: 'Second',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fieldErrors).toEqual({
      partNumber: 'Part number already used: another item of your company has this part number.',
    });
    // Another company may use the same part number.
    const other = await t.signIn({ email: 'olga@other.example', role: 'admin', companyName: 'Other Shop' });
    expect((await send('POST', '/api/v1/items', other, { partNumber, name: 'Theirs' })).statusCode).toBe(201);
  });

  it.each([
    [{ partNumber: '', name: 'x' }, 'partNumber'],
    [{ partNumber: 'BAD*PART', name: 'x' }, 'partNumber'],
    [{ partNumber: 'OK-1', name: '' }, 'name'],
    [{ partNumber: 'OK-2', name: 'x', unitCost: '-1' }, 'unitCost'],
    [{ partNumber: 'OK-3', name: 'x', unitCost: '0.12345' }, 'unitCost'],
    [{ partNumber: 'OK-4', name: 'x', unitCost: 1.5 }, 'unitCost'],
    [{ partNumber: 'OK-5', name: 'x', reorderPoint: '1e3' }, 'reorderPoint'],
    [{ partNumber: 'OK-6', name: 'x', unitOfMeasure: 'bushel' }, 'unitOfMeasure'],
    [{ partNumber: 'OK-7', name: 'x', defaultLocationId: 'nope' }, 'defaultLocationId'],
  ])('refuses %j with 400 naming %s, and creates nothing', async (payload, field) => {
    const response = await send('POST', '/api/v1/items', admin, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
    const rows = await t.database.db.select().from(items).where(eq(items.partNumber, payload.partNumber));
    expect(rows).toEqual([]);
  });

  it("refuses another company's location as the default location (400), leaving nothing", async () => {
    const other = await t.signIn({ email: 'olga@other.example', role: 'admin', companyName: 'Other Shop' });
    const site = (
      await send('POST', '/api/v1/locations', other, { kind: 'site', code: part('THEIRS'), name: 'Theirs' })
    ).json();
    const partNumber = part('LOC');
    const response = await send('POST', '/api/v1/items', admin, {
      partNumber,
      name: 'x',
      defaultLocationId: site.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors).toEqual({
      defaultLocationId: 'No such location in your company.',
    });
    expect(await t.database.db.select().from(items).where(eq(items.partNumber, partNumber))).toEqual([]);
  });

  it('lets everyone read, only admins change (403 for a user, nothing changed)', async () => {
    const partNumber = part('READ');
    const created = (await send('POST', '/api/v1/items', admin, { partNumber, name: 'Readable' })).json();
    expect((await send('GET', `/api/v1/items/${created.id}`, user)).statusCode).toBe(200);
    expect((await send('POST', '/api/v1/items', user, { partNumber: part(), name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await send('PATCH', `/api/v1/items/${created.id}`, user, { name: 'Hijacked' })).statusCode).toBe(
      403,
    );
    expect((await send('GET', `/api/v1/items/${created.id}`, admin)).json().name).toBe('Readable');
  });

  it('changes, deactivates and lists items, paged and searched on the server', async () => {
    const prefix = `LIST${Date.now().toString(36).toUpperCase()}`;
    for (let i = 0; i < 12; i++) {
      const partNumber = `${prefix}-${String(i).padStart(2, '0')}`;
      expect(
        (await send('POST', '/api/v1/items', admin, { partNumber, name: `Widget ${i}`, category: 'Widgets' }))
          .statusCode,
      ).toBe(201);
    }
    const page2 = (await send('GET', `/api/v1/items?q=${prefix}&pageSize=5&page=2`, user)).json();
    expect(page2.total).toBe(12);
    expect(page2.items.map((i: { partNumber: string }) => i.partNumber)).toEqual(
      [5, 6, 7, 8, 9].map((i) => `${prefix}-${String(i).padStart(2, '0')}`),
    );
    const target = page2.items[0];
    const patched = await send('PATCH', `/api/v1/items/${target.id}`, admin, {
      unitCost: '2.50',
      active: false,
    });
    expect(patched.json()).toMatchObject({ unitCost: '2.5', active: false });
    expect((await send('GET', `/api/v1/items?q=${prefix}`, user)).json().total).toBe(11);
    expect((await send('GET', `/api/v1/items?q=${prefix}&status=inactive`, user)).json().total).toBe(1);
    const [entry] = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'deactivated'));
    expect(entry).toMatchObject({
      before: { unitCost: '0', active: true },
      after: { unitCost: '2.5', active: false },
    });
  });

  it('is refused with 403 FEATURE_DISABLED while the company has Inventory switched off', async () => {
    const name = uniqueCompanyName('Switched Off');
    await createCompany(t.database.db, { name, labelConfig: { enableInventoryFeature: false } });
    const offAdmin = await t.signIn({
      email: `admin.${counter++}@off.example`,
      role: 'admin',
      companyName: name,
    });
    for (const [method, url] of [
      ['GET', '/api/v1/items'],
      ['POST', '/api/v1/items'],
      ['GET', '/api/v1/locations'],
    ] as const) {
      const response = await send(
        method,
        url,
        offAdmin,
        method === 'POST' ? { partNumber: 'X-1', name: 'x' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code).toBe('FEATURE_DISABLED');
    }
  });
});

describe("the plan's SKU limit", () => {
  async function freeCompanyWithItems(n: number) {
    const name = uniqueCompanyName('Free Parts');
    await createCompany(t.database.db, { name, planId: 'basic' });
    const cookie = await t.signIn({
      email: `admin.${counter++}@free.example`,
      role: 'admin',
      companyName: name,
    });
    for (let i = 0; i < n; i++) {
      expect(
        (await send('POST', '/api/v1/items', cookie, { partNumber: `F-${i}`, name: `Free ${i}` })).statusCode,
      ).toBe(201);
    }
    return cookie;
  }

  it('allows the 10th SKU on Free and refuses the 11th, naming the plan and the limit', async () => {
    const cookie = await freeCompanyWithItems(9);
    expect(
      (await send('POST', '/api/v1/items', cookie, { partNumber: 'F-9', name: 'Tenth' })).statusCode,
    ).toBe(201);
    const eleventh = await send('POST', '/api/v1/items', cookie, { partNumber: 'F-10', name: 'Eleventh' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toEqual({
      code: 'LIMIT_REACHED',
      message:
        'Plan limit reached: the Free plan allows 10 SKUs and your company has 10. Choose a larger plan under Admin → Subscription, or deactivate an item first.',
    });
    // A deactivated item frees its slot; reactivating it when full is refused.
    const list = (await send('GET', '/api/v1/items?q=F-0', cookie)).json();
    const first = list.items[0];
    expect((await send('PATCH', `/api/v1/items/${first.id}`, cookie, { active: false })).statusCode).toBe(
      200,
    );
    expect(
      (await send('POST', '/api/v1/items', cookie, { partNumber: 'F-10', name: 'Now fits' })).statusCode,
    ).toBe(201);
    const back = await send('PATCH', `/api/v1/items/${first.id}`, cookie, { active: true });
    expect(back.statusCode).toBe(409);
    expect((await send('GET', '/api/v1/subscription', cookie)).json()).toMatchObject({
      skus: 10,
      maxSkus: 10,
    });
  });

  it('lets exactly one of two simultaneous additions take the last SKU slot', async () => {
    const cookie = await freeCompanyWithItems(9);
    const results = await Promise.all(
      ['RACE-A', 'RACE-B'].map((partNumber) =>
        send('POST', '/api/v1/items', cookie, { partNumber, name: partNumber }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await send('GET', '/api/v1/subscription', cookie)).json().skus).toBe(10);
  });
});

describe('locations', () => {
  async function tree() {
    const site = (
      await send('POST', '/api/v1/locations', admin, { kind: 'site', code: part('PLANT'), name: 'Plant' })
    ).json();
    const area = (
      await send('POST', '/api/v1/locations', admin, {
        kind: 'area',
        parentId: site.id,
        code: part('A'),
        name: 'Assembly',
      })
    ).json();
    const shelf = (
      await send('POST', '/api/v1/locations', admin, {
        kind: 'shelf',
        parentId: area.id,
        code: part('S'),
        name: 'Shelf',
      })
    ).json();
    const bin = (
      await send('POST', '/api/v1/locations', admin, {
        kind: 'bin',
        parentId: shelf.id,
        code: part('B'),
        name: 'Bin',
      })
    ).json();
    return { site, area, shelf, bin };
  }

  it('builds site > area > shelf > bin with full codes, and answers a subtree in one query', async () => {
    const { site, area, shelf, bin } = await tree();
    expect(bin).toMatchObject({
      kind: 'bin',
      depth: 3,
      fullCode: `${site.code} / ${area.code} / ${shelf.code} / ${bin.code}`,
    });
    const under = (await send('GET', `/api/v1/locations?under=${area.id}`, user)).json();
    expect(under.items.map((l: { id: string }) => l.id)).toEqual([area.id, shelf.id, bin.id]);
    const children = (await send('GET', `/api/v1/locations?parentId=${site.id}`, user)).json();
    expect(children.items).toEqual([expect.objectContaining({ id: area.id, childCount: 1 })]);
    const found = (await send('GET', `/api/v1/locations?q=${encodeURIComponent(bin.code)}`, user)).json();
    expect(found.items.map((l: { id: string }) => l.id)).toContain(bin.id);
  });

  it('carries a changed code into the full codes of the subtree', async () => {
    const { site, area, bin } = await tree();
    const renamed = await send('PATCH', `/api/v1/locations/${area.id}`, admin, { code: part('ASSY') });
    expect(renamed.statusCode).toBe(200);
    const newBin = (await send('GET', `/api/v1/locations/${bin.id}`, user)).json();
    expect(newBin.fullCode.startsWith(`${site.code} / ${renamed.json().code} / `)).toBe(true);
  });

  it.each([
    [{ kind: 'area', code: 'ORPHAN', name: 'x' }, 'parentId'],
    [{ kind: 'castle', code: 'C1', name: 'x' }, 'kind'],
    [{ kind: 'site', code: 'has space', name: 'x' }, 'code'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const response = await send('POST', '/api/v1/locations', admin, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
  });

  it('refuses a child that is not smaller than its parent, a site under a parent, and a reused code', async () => {
    const { area, shelf } = await tree();
    const sideways = await send('POST', '/api/v1/locations', admin, {
      kind: 'area',
      parentId: area.id,
      code: part(),
      name: 'x',
    });
    expect(sideways.statusCode).toBe(400);
    expect(sideways.json().error.fieldErrors.kind).toBe(
      'A location must be a smaller kind than its parent (site > area > shelf > bin).',
    );
    const nestedSite = await send('POST', '/api/v1/locations', admin, {
      kind: 'site',
      parentId: area.id,
      code: part(),
      name: 'x',
    });
    expect(nestedSite.statusCode).toBe(400);
    const reused = await send('POST', '/api/v1/locations', admin, {
      kind: 'bin',
      parentId: shelf.id,
      code: shelf.code.toLowerCase(),
      name: 'x',
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.fieldErrors).toEqual({ code: 'Location code already used in your company.' });
  });
});
