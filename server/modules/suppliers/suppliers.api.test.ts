// Suppliers (decision 070) through the API, on both databases: admins keep the list (unique code whatever its case,
// e-mail checked, each change audited), everyone reads it paged and searched; a receipt may name a supplier of the
// company that is switched on, the posting and the lot it creates keep it, an existing lot keeps its own; a retried
// receipt naming another supplier is the same key for another request (422). Another company's supplier is 404.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_MESSAGES } from '#common/schemas/suppliers.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { lots, stockTransactions } from '../inventory/stock.tables.ts';
import { suppliers } from './suppliers.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let operator: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let site: string;
let resin: string;
let acme: { id: string };
let bolts: { id: string };

const count = async () => (await t.database.db.select().from(suppliers)).length;
const receipt = (supplierId: string | undefined, lotNumber: string, key = randomUUID()) => ({
  kind: 'receive',
  idempotencyKey: key,
  ...(supplierId ? { supplierId } : {}),
  lines: [{ itemId: resin, locationId: site, quantity: '5', lotNumber }],
});
const lotNamed = async (lotNumber: string) =>
  (await t.database.db.select().from(lots).where(eq(lots.lotNumber, lotNumber)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(
    t,
    await t.signIn({ email: 'ada@suppliers.example', role: 'admin', companyName: 'Supply Works' }),
  );
  operator = client(
    t,
    await t.signIn({ email: 'otto@suppliers.example', role: 'user', companyName: 'Supply Works' }),
  );
  other = client(
    t,
    await t.signIn({ email: 'eve@else-suppliers.example', role: 'admin', companyName: 'Else' }),
  );
  site = (await admin.ok('POST', '/api/v1/locations', { kind: 'site', code: 'DOCK', name: 'Dock' }, 201)).id;
  resin = (
    await admin.ok(
      'POST',
      '/api/v1/items',
      { partNumber: 'RES-1', name: 'Resin', unitCost: '3', lotTracked: true },
      201,
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe('the supplier list', () => {
  it('is kept by admins: added with a checked e-mail (kept lowercase), audited', async () => {
    acme = await admin.ok(
      'POST',
      '/api/v1/suppliers',
      { code: 'ACME', name: 'Acme Resins', contact: 'Rita', email: 'Sales@Acme.example' },
      201,
    );
    expect(acme).toMatchObject({ code: 'ACME', email: 'sales@acme.example', active: true });
    bolts = await admin.ok('POST', '/api/v1/suppliers', { code: 'BOLT-CO', name: 'Bolt & Co' }, 201);
    const trail = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, acme.id));
    expect(trail.map((e) => e.action)).toEqual(['created']);
  });

  it('refuses a taken code in another case, a bad e-mail or code (naming them), and operators; nothing is added', async () => {
    const before = await count();
    const taken = await admin.send('POST', '/api/v1/suppliers', { code: 'acme', name: 'Again' });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().error.fieldErrors).toEqual({ code: SUPPLIER_MESSAGES.codeTaken });
    const bad = await admin.send('POST', '/api/v1/suppliers', {
      code: '#1',
      name: 'X',
      email: 'not-an-address',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors).sort()).toEqual(['code', 'email']);
    const byOperator = await operator.send('POST', '/api/v1/suppliers', { code: 'OP', name: 'Mine' });
    expect(byOperator.statusCode, byOperator.body).toBe(403);
    expect(await count()).toBe(before);
  });

  it('exports what the list shows as a CSV, a formula-like cell written as text', async () => {
    await admin.ok('POST', '/api/v1/suppliers', { code: 'EQ', name: '=HYPERLINK("x")', active: false }, 201);
    const response = await operator.send('GET', '/api/v1/suppliers/export.csv?active=all');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Code,Name,Contact,Email,Active',
      'ACME,Acme Resins,Rita,sales@acme.example,yes',
      'BOLT-CO,Bolt & Co,,,yes',
      `EQ,"'=HYPERLINK(""x"")",,,no`,
    ]);
    const active = await operator.send('GET', '/api/v1/suppliers/export.csv?q=acme');
    expect(
      active.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(2);
  });

  it('is read by everyone, searched in code, name, contact and e-mail, paged', async () => {
    const all = await operator.ok('GET', '/api/v1/suppliers');
    expect(all.items.map((s: { code: string }) => s.code)).toEqual(['ACME', 'BOLT-CO']);
    expect(
      (await operator.ok('GET', '/api/v1/suppliers?q=rita')).items.map((s: { code: string }) => s.code),
    ).toEqual(['ACME']);
    const second = await operator.ok('GET', '/api/v1/suppliers?pageSize=1&page=2');
    expect(second).toMatchObject({ total: 2, page: 2 });
    expect(second.items.map((s: { code: string }) => s.code)).toEqual(['BOLT-CO']);
  });
});

describe('a receipt names its supplier', () => {
  it('keeps it on the posting and on the lot it creates; an existing lot keeps its own', async () => {
    const posted = await operator.ok('POST', '/api/v1/stock/transactions', receipt(acme.id, 'R-1'), 201);
    expect(posted.supplierId).toBe(acme.id);
    expect((await lotNamed('R-1')).supplierId).toBe(acme.id);
    const lotPage = await operator.ok('GET', `/api/v1/lots/${(await lotNamed('R-1')).id}`);
    expect(lotPage.supplier).toEqual({ id: acme.id, code: 'ACME', name: 'Acme Resins' });
    const [row] = await t.database.db
      .select()
      .from(stockTransactions)
      .where(eq(stockTransactions.id, posted.id));
    expect(row!.supplierId).toBe(acme.id);
    // More of R-1 from another supplier: the lot was Acme's and stays so; the posting names Bolt & Co.
    const more = await operator.ok('POST', '/api/v1/stock/transactions', receipt(bolts.id, 'R-1'), 201);
    expect(more.supplierId).toBe(bolts.id);
    expect((await lotNamed('R-1')).supplierId).toBe(acme.id);
    // Without a supplier, as before.
    const plain = await operator.ok('POST', '/api/v1/stock/transactions', receipt(undefined, 'R-2'), 201);
    expect(plain.supplierId).toBeNull();
    expect((await lotNamed('R-2')).supplierId).toBeNull();
  });

  it('answers a retry with the first posting, and refuses the same key naming another supplier', async () => {
    const key = randomUUID();
    const first = await operator.ok('POST', '/api/v1/stock/transactions', receipt(acme.id, 'R-3', key), 201);
    const again = await operator.send('POST', '/api/v1/stock/transactions', receipt(acme.id, 'R-3', key));
    expect(again.json().id).toBe(first.id);
    const other = await operator.send('POST', '/api/v1/stock/transactions', receipt(bolts.id, 'R-3', key));
    expect(other.statusCode, other.body).toBe(422);
  });

  it('refuses a supplier switched off (409) and one of another company (404), naming supplierId, posting nothing', async () => {
    await admin.ok('PUT', `/api/v1/suppliers/${bolts.id}`, {
      code: 'BOLT-CO',
      name: 'Bolt & Co',
      active: false,
    });
    const before = (await t.database.db.select().from(stockTransactions)).length;
    const off = await operator.send('POST', '/api/v1/stock/transactions', receipt(bolts.id, 'R-4'));
    expect(off.statusCode, off.body).toBe(409);
    expect(off.json().error.fieldErrors).toEqual({ supplierId: SUPPLIER_MESSAGES.inactive });
    const theirs = await other.ok(
      'POST',
      '/api/v1/suppliers',
      { code: 'THEIRS', name: 'Their supplier' },
      201,
    );
    const foreign = await operator.send('POST', '/api/v1/stock/transactions', receipt(theirs.id, 'R-4'));
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().error.fieldErrors).toEqual({ supplierId: SUPPLIER_MESSAGES.notFound });
    expect((await t.database.db.select().from(stockTransactions)).length).toBe(before);
    expect((await t.database.db.select().from(lots).where(eq(lots.lotNumber, 'R-4'))).length).toBe(0);
  });

  it('keeps suppliers apart: another company neither lists nor reads nor changes ours', async () => {
    expect(
      (await other.ok('GET', '/api/v1/suppliers?active=all')).items.map((s: { code: string }) => s.code),
    ).toEqual(['THEIRS']);
    for (const id of [acme.id, randomUUID()]) {
      expect((await other.send('GET', `/api/v1/suppliers/${id}`)).statusCode).toBe(404);
      const changed = await other.send('PUT', `/api/v1/suppliers/${id}`, { code: 'X', name: 'Taken over' });
      expect(changed.statusCode, changed.body).toBe(404);
    }
    expect((await admin.ok('GET', `/api/v1/suppliers/${acme.id}`)).name).toBe('Acme Resins');
  });
});
