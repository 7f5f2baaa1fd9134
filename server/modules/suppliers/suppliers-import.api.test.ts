// Suppliers' CSV import (decision 075) through the API, on both databases: a preview reports every row's problems by
// row and column and writes nothing; a commit with any problem writes nothing (400 with the report); a clean file
// adds new codes and changes known ones (whatever their case), each audited, and an export re-imports unchanged
// (formula-like cells included). Only admins import.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { suppliers } from './suppliers.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let operator: ReturnType<typeof client>;

const snapshot = async () =>
  (await t.database.db.select().from(suppliers))
    .map((s) => `${s.code}|${s.name}|${s.contact}|${s.email}|${s.active}`)
    .sort();
const importing = (csv: string, mode: 'preview' | 'commit') =>
  admin.send('POST', '/api/v1/suppliers/import', { csv, mode });

beforeAll(async () => {
  t = await createTestApp();
  admin = client(
    t,
    await t.signIn({ email: 'ada@supplier-import.example', role: 'admin', companyName: 'Imports' }),
  );
  operator = client(
    t,
    await t.signIn({ email: 'otto@supplier-import.example', role: 'user', companyName: 'Imports' }),
  );
  await admin.ok('POST', '/api/v1/suppliers', { code: 'ACME', name: 'Acme Resins', contact: 'Rita' }, 201);
});
afterAll(async () => {
  await t?.close();
});

describe('the suppliers import', () => {
  it('reports each bad row by row and column, and writes nothing, in a preview or a commit', async () => {
    const before = await snapshot();
    const csv = [
      'Code,Name,Email,Active',
      'NEW-1,New one,new@one.example,yes',
      '#bad,,not-an-address,maybe',
      'new-1,Again,,',
      ',Nameless,,',
    ].join('\n');
    const preview = await importing(csv, 'preview');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ rows: 4, valid: 1, created: 0, updated: 0 });
    expect(preview.json().errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '3:active',
      '3:code',
      '3:name',
      '3:email',
      '4:code',
      '5:code',
    ]);
    expect(preview.json().errors[4].message).toBe('The same code is on row 2.');
    const commit = await importing(csv, 'commit');
    expect(commit.statusCode, commit.body).toBe(400);
    expect(commit.json()).toMatchObject({ rows: 4, valid: 1, created: 0, error: { code: 'VALIDATION' } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file without its required columns, or with an unknown one, naming the column', async () => {
    const answer = await importing('name,phone\nX,1', 'preview');
    expect(answer.json().errors).toEqual([
      { row: 1, field: 'phone', message: 'Unknown column "phone". Use: code, name, contact, email, active.' },
      { row: 1, field: 'code', message: 'The header row needs a "code" column.' },
    ]);
  });

  it('adds new codes and changes known ones (any case); a column left out keeps what a supplier has; audited', async () => {
    const csv = ['code,name,active', 'acme,Acme Resins Ltd,', 'BOLT,Bolt & Co,no', 'ACME-2,"=2+3",yes'].join(
      '\r\n',
    );
    const preview = await importing(csv, 'preview');
    expect(preview.json()).toMatchObject({ rows: 3, valid: 3, errors: [] });
    expect(await snapshot()).toEqual(['ACME|Acme Resins|Rita||true']);
    const commit = await importing(csv, 'commit');
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toMatchObject({ rows: 3, valid: 3, created: 2, updated: 1, errors: [] });
    expect(await snapshot()).toEqual([
      'ACME-2|=2+3|||true',
      'BOLT|Bolt & Co|||false',
      'acme|Acme Resins Ltd|Rita||true',
    ]);
    const [acme] = await t.database.db.select().from(suppliers).where(eq(suppliers.code, 'acme'));
    const trail = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, acme!.id));
    expect(trail.map((e) => [e.action, e.before, e.after]).sort()).toEqual([
      ['created', null, expect.anything()],
      ['updated', { code: 'ACME', name: 'Acme Resins' }, { code: 'acme', name: 'Acme Resins Ltd' }],
    ]);
  });

  it('re-imports its own export unchanged, changing nothing', async () => {
    const exported = await admin.send('GET', '/api/v1/suppliers/export.csv?active=all');
    expect(exported.body).toContain("ACME-2,'=2+3,");
    const before = await snapshot();
    const again = await importing(exported.body, 'commit');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ rows: 3, valid: 3, created: 0, updated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('is for admins only, and a malformed request is a 400 naming the field', async () => {
    const byOperator = await operator.send('POST', '/api/v1/suppliers/import', {
      csv: 'code,name\nX,Y',
      mode: 'commit',
    });
    expect(byOperator.statusCode, byOperator.body).toBe(403);
    const malformed = await admin.send('POST', '/api/v1/suppliers/import', { csv: '', mode: 'later' });
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(Object.keys(malformed.json().error.fieldErrors).sort()).toEqual(['csv', 'mode']);
  });
});
