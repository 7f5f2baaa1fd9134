// CSV export and import of items (GET /api/v1/items/export.csv, POST /api/v1/items/import): a round trip between
// two companies, RFC 4180 quoting and the formula guard, and an import that is all rows or none — on PGlite and on
// PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '#common/time/calendar.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { createCompany, uniqueCompanyName } from '../../db/seed/factories.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { findCompanyByName } from '../companies/companies.repo.ts';
import { items } from './inventory.tables.ts';

let t: TTestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function send(method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}
const importCsv = (cookie: string, csv: string, mode: 'preview' | 'commit') =>
  send('POST', '/api/v1/items/import', cookie, { csv, mode });

/** A new company (on `planId`) and its admin's cookie. */
async function newCompany(planId: 'basic' | 'standard' = 'standard', timezone?: string) {
  const name = uniqueCompanyName('Csv Shop');
  await createCompany(t.database.db, { name, planId, ...(timezone ? { timezone } : {}) });
  const n = ++counter;
  const admin = await t.signIn({ email: `admin.${n}@csv.example`, role: 'admin', companyName: name });
  const company = await findCompanyByName(t.database.db, name);
  return { name, admin, companyId: company!.id, n };
}

async function itemsOf(companyId: string) {
  return t.database.db.select().from(items).where(eq(items.companyId, companyId)).orderBy(items.partNumber);
}

const HEADER =
  'part_number,name,description,unit_of_measure,category,unit_cost,reorder_point,default_location,lot_tracked,active';

describe('export', () => {
  it('writes every matching item with RFC 4180 quoting and a guard against formulas', async () => {
    const { admin } = await newCompany();
    const site = await send('POST', '/api/v1/locations', admin, {
      kind: 'site',
      code: 'PLANT1',
      name: 'Plant',
    });
    const area = await send('POST', '/api/v1/locations', admin, {
      kind: 'area',
      parentId: site.json().id,
      code: 'A',
      name: 'Area A',
    });
    for (const payload of [
      {
        partNumber: 'Q-1',
        name: 'Bolt, "hex", M6',
        description: 'Line one\nline two',
        unitCost: '0.1250',
        reorderPoint: '5',
        defaultLocationId: area.json().id,
        lotTracked: false,
      },
      { partNumber: 'Q-2', name: '=HYPERLINK("http://evil")', description: '+1', category: '@cat' },
      { partNumber: '-Q-3', name: 'Dash first' },
    ]) {
      expect((await send('POST', '/api/v1/items', admin, payload)).statusCode).toBe(201);
    }
    const response = await send('GET', '/api/v1/items/export.csv?status=all', admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="items-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.split('\r\n')).toEqual([
      `\uFEFF${HEADER}`,
      `'-Q-3,Dash first,,ea,,0,,,true,true`,
      `Q-1,"Bolt, ""hex"", M6","Line one\nline two",ea,,0.125,5,PLANT1 / A,false,true`,
      `Q-2,"'=HYPERLINK(""http://evil"")",'+1,ea,'@cat,0,,,true,true`,
      '',
    ]);
    // The search and status of the list choose the rows.
    const searched = await send('GET', '/api/v1/items/export.csv?q=bolt', admin);
    expect(searched.body.split('\r\n').filter((l) => l.startsWith('Q-'))).toHaveLength(1);
  });

  it('names the file for the company’s day, not the server’s or UTC’s', async () => {
    // Kiritimati (UTC+14) is a day ahead of UTC from 10:00 UTC, Pago Pago (UTC−11) a day behind until 11:00 UTC:
    // at any moment at least one of them is not on UTC's date.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const { admin } = await newCompany('standard', zone);
      const before = todayIn(zone);
      const response = await send('GET', '/api/v1/items/export.csv', admin);
      const after = todayIn(zone);
      expect(response.statusCode, response.body).toBe(200);
      expect([before, after].map((day) => `attachment; filename="items-${day}.csv"`)).toContain(
        response.headers['content-disposition'],
      );
    }
  });

  it('round-trips: what one company exports, another imports as the same items', async () => {
    const a = await newCompany();
    const b = await newCompany();
    // Both companies have a site MAIN; the file names it by its full code.
    for (const cookie of [a.admin, b.admin]) {
      const site = await send('POST', '/api/v1/locations', cookie, {
        kind: 'site',
        code: 'MAIN',
        name: 'Main',
      });
      expect(site.statusCode).toBe(201);
    }
    const site = (await send('GET', '/api/v1/locations?q=MAIN', a.admin)).json().items[0];
    for (const payload of [
      {
        partNumber: 'R-1',
        name: 'Washer, flat',
        unitOfMeasure: 'pcs',
        unitCost: '12.5',
        category: 'Fasteners',
      },
      {
        partNumber: 'R-2',
        name: '"Quoted"\nand multi-line',
        reorderPoint: '0.000001',
        defaultLocationId: site.id,
      },
      { partNumber: 'R-3', name: '-minus first', description: '@at, =eq', lotTracked: true },
    ]) {
      expect((await send('POST', '/api/v1/items', a.admin, payload)).statusCode).toBe(201);
    }
    const csv = (await send('GET', '/api/v1/items/export.csv', a.admin)).body;
    const preview = await importCsv(b.admin, csv, 'preview');
    expect(preview.json()).toEqual({ rows: 3, valid: 3, errors: [], created: 0 });
    const commit = await importCsv(b.admin, csv, 'commit');
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toEqual({ rows: 3, valid: 3, errors: [], created: 3 });
    const strip = (rows: Awaited<ReturnType<typeof itemsOf>>) =>
      rows.map(({ id: _i, companyId: _c, createdAt: _a, updatedAt: _u, defaultLocationId, ...rest }) => ({
        ...rest,
        hasLocation: defaultLocationId !== null,
      }));
    expect(strip(await itemsOf(b.companyId))).toEqual(strip(await itemsOf(a.companyId)));
    expect((await send('GET', '/api/v1/items/export.csv', b.admin)).body).toBe(csv);
    const trail = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.companyId, b.companyId), eq(auditEntries.action, 'imported')));
    expect(trail.map((e) => e.entityLabel).sort()).toEqual(['R-1', 'R-2', 'R-3']);
    expect(trail.every((e) => e.entityType === 'item')).toBe(true);
  });
});

describe('import', () => {
  it('imports nothing from a file with one bad row among good ones, naming the row and the field', async () => {
    const { admin, companyId } = await newCompany();
    const csv = [
      'part_number,name,unit_cost',
      'G-1,Good one,1.5',
      'G-2,Bad cost,-3',
      'G-3,Good three,0',
      ',No part number,1',
      'G-5,Too precise,0.12345',
    ].join('\n');
    for (const mode of ['preview', 'commit'] as const) {
      const response = await importCsv(admin, csv, mode);
      expect(response.statusCode).toBe(mode === 'preview' ? 200 : 400);
      expect(response.json()).toMatchObject({
        rows: 5,
        valid: 2,
        created: 0,
        errors: [
          { row: 3, field: 'unit_cost', message: 'Unit cost cannot be negative' },
          { row: 5, field: 'part_number', message: 'Part number is required' },
          { row: 6, field: 'unit_cost', message: 'Unit cost must be a number with at most 4 decimals' },
        ],
      });
    }
    expect(await itemsOf(companyId)).toEqual([]);
  });

  it('refuses part numbers twice in the file (any case) and ones the company already has', async () => {
    const { admin, companyId } = await newCompany();
    expect(
      (await send('POST', '/api/v1/items', admin, { partNumber: 'OLD-1', name: 'Old' })).statusCode,
    ).toBe(201);
    const csv = `${HEADER}\nN-1,New,,,,,,,,\nn-1,Again,,,,,,,,\nold-1,Taken,,,,,,,,\nN-2,Fine,,,,,,,,\n`;
    const response = await importCsv(admin, csv, 'commit');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      rows: 4,
      valid: 2,
      created: 0,
      errors: [
        { row: 3, field: 'part_number', message: 'The same part number is on row 2.' },
        {
          row: 4,
          field: 'part_number',
          message: 'Part number already used: another item of your company has this part number.',
        },
      ],
      error: { code: 'VALIDATION', message: 'The file has problems: nothing was imported.' },
    });
    expect((await itemsOf(companyId)).map((i) => i.partNumber)).toEqual(['OLD-1']);
  });

  it('checks the SKU limit for the whole file (Free plan: 10)', async () => {
    const { admin, companyId } = await newCompany('basic');
    for (let i = 0; i < 3; i++) {
      expect(
        (await send('POST', '/api/v1/items', admin, { partNumber: `HAVE-${i}`, name: 'x' })).statusCode,
      ).toBe(201);
    }
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `L-${i},Item ${i}`);
    const tooMany = await importCsv(admin, ['part_number,name', ...rows(8)].join('\n'), 'commit');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      {
        row: 9,
        field: 'file',
        message:
          'Plan limit reached: the Free plan allows 10 SKUs and your company has 3. Choose a larger plan under Admin → Subscription, or deactivate an item first. This file adds 8 active items; 7 more fit.',
      },
    ]);
    expect(await itemsOf(companyId)).toHaveLength(3);
    // Inactive rows take no slot.
    const fits = await importCsv(
      admin,
      ['part_number,name,active', ...rows(9).map((r, i) => `${r},${i < 7}`)].join('\n'),
      'commit',
    );
    expect(fits.json()).toEqual({ rows: 9, valid: 9, errors: [], created: 9 });
    expect((await itemsOf(companyId)).filter((i) => i.active)).toHaveLength(10);
  });

  it('looks up default locations by full code or code in the company, and reports unknown ones', async () => {
    const { admin, companyId } = await newCompany();
    const site = (
      await send('POST', '/api/v1/locations', admin, { kind: 'site', code: 'WH', name: 'W' })
    ).json();
    const bin = (
      await send('POST', '/api/v1/locations', admin, {
        kind: 'bin',
        parentId: site.id,
        code: 'B7',
        name: 'Bin',
      })
    ).json();
    const bad = await importCsv(
      admin,
      'part_number,name,default_location\nD-1,x,WH / B7\nD-2,x,nowhere\n',
      'preview',
    );
    expect(bad.json().errors).toEqual([
      { row: 3, field: 'default_location', message: 'No such location in your company.' },
    ]);
    const good = await importCsv(
      admin,
      'part_number,name,default_location\nD-1,x,wh / b7\nD-2,x,B7\n',
      'commit',
    );
    expect(good.json().created).toBe(2);
    expect((await itemsOf(companyId)).map((i) => i.defaultLocationId)).toEqual([bin.id, bin.id]);
  });

  it('writes nothing on preview', async () => {
    const { admin, companyId } = await newCompany();
    const response = await importCsv(admin, 'part_number,name\nP-1,One\nP-2,Two\n', 'preview');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rows: 2, valid: 2, errors: [], created: 0 });
    expect(await itemsOf(companyId)).toEqual([]);
    const trail = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.companyId, companyId));
    expect(trail.filter((e) => e.entityType === 'item')).toEqual([]);
  });

  it('reports a header without the required columns and a file that is not CSV', async () => {
    const { admin } = await newCompany();
    expect((await importCsv(admin, 'sku,title\nX,Y\n', 'preview')).json().errors).toEqual([
      { row: 1, field: 'sku', message: expect.stringContaining('Unknown column "sku"') },
      { row: 1, field: 'title', message: expect.stringContaining('Unknown column "title"') },
      { row: 1, field: 'part_number', message: 'The header row needs a "part_number" column.' },
      { row: 1, field: 'name', message: 'The header row needs a "name" column.' },
    ]);
    const broken = await importCsv(admin, 'part_number,name\n"X-1,unclosed\n', 'commit');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0]).toMatchObject({ field: 'file' });
  });

  it('lets only admins import (403 for a user, nothing written); everyone may export', async () => {
    const { name, companyId } = await newCompany();
    const user = await t.signIn({ email: `user.${++counter}@csv.example`, role: 'user', companyName: name });
    const response = await importCsv(user, 'part_number,name\nU-1,x\n', 'commit');
    expect(response.statusCode).toBe(403);
    expect(await itemsOf(companyId)).toEqual([]);
    expect((await send('GET', '/api/v1/items/export.csv', user)).statusCode).toBe(200);
  });
});
