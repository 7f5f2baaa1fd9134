// Defect codes (decision 070) through the API, on both databases: admins add and change them, each change audited;
// everyone reads the list, paged and searched, active ones unless asked; a code is unique whatever its case; bad
// input is 400 naming the field and changes nothing; an operator cannot change the list; another company sees none.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFECT_CODE_MESSAGES } from '#common/schemas/defect-codes.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { defectCodes } from './plans.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let operator: ReturnType<typeof client>;
let other: ReturnType<typeof client>;

const codes = async () => (await t.database.db.select().from(defectCodes)).length;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(
    t,
    await t.signIn({ email: 'ada@defects.example', role: 'admin', companyName: 'Defect Works' }),
  );
  operator = client(
    t,
    await t.signIn({ email: 'otto@defects.example', role: 'user', companyName: 'Defect Works' }),
  );
  other = client(
    t,
    await t.signIn({ email: 'eve@else-defects.example', role: 'admin', companyName: 'Else' }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('defect codes', () => {
  let scratch: { id: string };

  it('are added by an admin, with the severity major unless said, and the change is audited', async () => {
    scratch = await admin.ok(
      'POST',
      '/api/v1/defect-codes',
      { code: 'SCR-01', name: 'Scratch on a visible face', category: 'Surface' },
      201,
    );
    expect(scratch).toMatchObject({ code: 'SCR-01', severity: 'major', active: true, category: 'Surface' });
    await admin.ok(
      'POST',
      '/api/v1/defect-codes',
      { code: 'DIM-02', name: 'Out of tolerance', severity: 'critical' },
      201,
    );
    await admin.ok(
      'POST',
      '/api/v1/defect-codes',
      { code: 'lbl-3', name: 'Label missing', severity: 'minor' },
      201,
    );
    const trail = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entityId, scratch.id));
    expect(trail.map((e) => [e.action, e.entityLabel])).toEqual([['created', 'SCR-01']]);
  });

  it('refuse the same code in another case (409 naming code), bad fields (400 naming them), and operators', async () => {
    const before = await codes();
    const again = await admin.send('POST', '/api/v1/defect-codes', { code: 'scr-01', name: 'Again' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.fieldErrors).toEqual({ code: DEFECT_CODE_MESSAGES.codeTaken });
    const bad = await admin.send('POST', '/api/v1/defect-codes', {
      code: ' -x',
      name: '',
      severity: 'awful',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors).sort()).toEqual(['code', 'name', 'severity']);
    const byOperator = await operator.send('POST', '/api/v1/defect-codes', { code: 'OP-1', name: 'Mine' });
    expect(byOperator.statusCode, byOperator.body).toBe(403);
    expect(await codes()).toBe(before);
  });

  it('are listed by code for everyone, searched in code, name and category, paged', async () => {
    const all = await operator.ok('GET', '/api/v1/defect-codes');
    expect(all.items.map((c: { code: string }) => c.code)).toEqual(['DIM-02', 'lbl-3', 'SCR-01']);
    const surface = await operator.ok('GET', '/api/v1/defect-codes?q=surf');
    expect(surface.items.map((c: { code: string }) => c.code)).toEqual(['SCR-01']);
    const page = await operator.ok('GET', '/api/v1/defect-codes?pageSize=2&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((c: { code: string }) => c.code)).toEqual(['SCR-01']);
    // A literal % searches for a percent sign, not for everything.
    expect((await operator.ok('GET', '/api/v1/defect-codes?q=%25')).total).toBe(0);
  });

  it('are changed and switched off by an admin, leaving the active list but not the whole one', async () => {
    const changed = await admin.ok('PUT', `/api/v1/defect-codes/${scratch.id}`, {
      code: 'SCR-01',
      name: 'Scratch',
      category: 'Surface',
      severity: 'minor',
      active: false,
    });
    expect(changed).toMatchObject({ name: 'Scratch', severity: 'minor', active: false });
    const active = await operator.ok('GET', '/api/v1/defect-codes');
    expect(active.items.map((c: { code: string }) => c.code)).toEqual(['DIM-02', 'lbl-3']);
    const inactive = await operator.ok('GET', '/api/v1/defect-codes?active=inactive');
    expect(inactive.items.map((c: { code: string }) => c.code)).toEqual(['SCR-01']);
    const trail = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entityId, scratch.id));
    expect(trail.find((e) => e.action === 'updated')).toMatchObject({
      before: expect.objectContaining({ name: 'Scratch on a visible face', active: true }),
      after: expect.objectContaining({ name: 'Scratch', active: false }),
    });
    const taken = await admin.send('PUT', `/api/v1/defect-codes/${scratch.id}`, {
      code: 'dim-02',
      name: 'Clash',
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect((await operator.ok('GET', `/api/v1/defect-codes/${scratch.id}`)).code).toBe('SCR-01');
  });

  it('are none of another company’s business: its list is empty, a code of ours is 404 to read or change', async () => {
    expect((await other.ok('GET', '/api/v1/defect-codes?active=all')).total).toBe(0);
    for (const id of [scratch.id, randomUUID()]) {
      const read = await other.send('GET', `/api/v1/defect-codes/${id}`);
      expect(read.statusCode, read.body).toBe(404);
      const changed = await other.send('PUT', `/api/v1/defect-codes/${id}`, {
        code: 'X-1',
        name: 'Taken over',
      });
      expect(changed.statusCode, changed.body).toBe(404);
      expect(changed.json().error.message).toBe(DEFECT_CODE_MESSAGES.notFound);
    }
    expect((await admin.ok('GET', `/api/v1/defect-codes/${scratch.id}`)).name).toBe('Scratch');
  });
});
