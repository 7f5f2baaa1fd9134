// Test-only: the shop the inspection API tests share — a company with a bin, lot-tracked items, a defect code and a
// supplier written as their screens would leave them, and helpers to start, record, upload and finish as a user does.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { lots } from '../../server/modules/inventory/stock.tables.ts';
import { defectCodes } from '../../server/modules/quality/plans.tables.ts';
import { suppliers } from '../../server/modules/suppliers/suppliers.tables.ts';
import { pngBytes } from '../fixtures/media.ts';
import { TEST_APP_URL, type TTestApp } from './test-app.ts';
import { client } from './work-orders-shop.ts';

export type TClient = ReturnType<typeof client>;

export async function inspectionShopOf(t: TTestApp, cookie: string, p: string) {
  const c = client(t, cookie);
  const companyId: string = (await c.ok('GET', '/api/v1/session')).user.companyId;
  const site = (await c.ok('POST', '/api/v1/locations', { kind: 'site', code: `${p}S`, name: 'Site' }, 201))
    .id;
  const bin: string = (
    await c.ok(
      'POST',
      '/api/v1/locations',
      { kind: 'bin', parentId: site, code: `${p}BIN`, name: 'Bin' },
      201,
    )
  ).id;
  const item = async (name: string, lotTracked = true): Promise<string> =>
    (
      await c.ok(
        'POST',
        '/api/v1/items',
        { partNumber: `${p}${name}`, name: `Part ${name}`, unitCost: '1', lotTracked },
        201,
      )
    ).id;
  const db = t.database.db;
  const defectCode = async (code: string, active = true) => {
    const id = uuidv7();
    await db
      .insert(defectCodes)
      .values({ id, companyId, code: `${p}${code}`, name: `Defect ${code}`, active });
    return id;
  };
  const supplier = async (code: string) => {
    const id = uuidv7();
    await db.insert(suppliers).values({ id, companyId, code: `${p}${code}`, name: `Supplier ${code}` });
    return id;
  };
  /** Receives `quantity` into a new or existing lot; the posting's answer. */
  const receive = (itemId: string, quantity: string, lotNumber: string, supplierId?: string) =>
    c.ok(
      'POST',
      '/api/v1/stock/transactions',
      {
        idempotencyKey: randomUUID(),
        kind: 'receive',
        ...(supplierId ? { supplierId } : {}),
        lines: [{ itemId, locationId: bin, quantity, lotNumber }],
      },
      201,
    );
  const lot = async (lotNumber: string) =>
    (await db.select().from(lots).where(eq(lots.lotNumber, lotNumber)))[0]!;
  return { companyId, bin, item, defectCode, supplier, receive, lot };
}

export function inspectorOf(t: TTestApp, cookie: string) {
  const c = client(t, cookie);
  const result = (id: string, body: object) => c.send('POST', `/api/v1/inspections/${id}/results`, body);
  return {
    ...c,
    start: (body: object) => c.send('POST', '/api/v1/inspections', body),
    result,
    finish: (id: string) => c.send('POST', `/api/v1/inspections/${id}/finish`),
    get: (id: string) => c.ok('GET', `/api/v1/inspections/${id}`),
    photo: async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/inspections/photos?name=defect.png',
        headers: { origin: TEST_APP_URL, cookie, 'content-type': 'application/octet-stream' },
        payload: pngBytes(800),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    },
    /** Records every (check, unit, reading) not yet recorded: passes, except `fail` (check index → units). */
    recordAll: async (id: string, defectCodeId: string, fail: Record<number, number[]> = {}) => {
      const inspection = await c.ok('GET', `/api/v1/inspections/${id}`);
      for (let unitNo = 1; unitNo <= inspection.sampleSize; unitNo++) {
        for (const [index, check] of inspection.checks.entries()) {
          if (check.kind !== 'pass_fail' && check.kind !== 'visual')
            throw new Error('recordAll: pass/fail only');
          const passed = !(fail[index] ?? []).includes(unitNo);
          const response = await result(id, {
            checkId: check.id,
            unitNo,
            passed,
            ...(passed ? {} : { defectCodeId }),
          });
          expect([200, 201], response.body).toContain(response.statusCode);
        }
      }
    },
  };
}

/** How many rows a table holds for the company: nothing changed by a refusal. */
export async function countOf(t: TTestApp, table: string, companyId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${companyId}`,
  );
  return row!.n;
}
