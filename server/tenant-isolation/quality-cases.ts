// The cross-company cases of Quality (decision 070: server/modules/quality/*.routes.ts), spread into ROUTE_CASES of
// server/tenant-isolation.api.test.ts. Lot holds: A's lot (the first lot of A's in the tables) named by B in the path
// is 404 in the words of a lot that exists nowhere, and A's lot is as it was — not held, not released, no history.
// Defect codes and suppliers: B's list never shows A's, A's named by B is 404 to read or change and stays as it was,
// and a receipt of B's naming A's supplier is 404 naming supplierId.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEFECT_CODE_MESSAGES } from '#common/schemas/defect-codes.ts';
import { LOT_HOLD_MESSAGES } from '#common/schemas/lot-holds.ts';
import { SUPPLIER_MESSAGES } from '#common/schemas/suppliers.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { lots } from '../modules/inventory/stock.tables.ts';
import { lotHolds } from '../modules/quality/inspections.tables.ts';
import { defectCodes } from '../modules/quality/plans.tables.ts';
import { suppliers } from '../modules/suppliers/suppliers.tables.ts';
import type { TCaseHelpers, TRequest, TRouteCase } from './route-case.ts';

export function qualityCases({ app, a, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const aLot = async () => {
    const [lot] = await app()
      .database.db.select()
      .from(lots)
      .where(eq(lots.companyId, a().companyId))
      .limit(1);
    expect(lot, "company A's fixture has a lot").toBeDefined();
    return lot!;
  };
  /** A's lot's hold and its history, which B must leave exactly as they were. */
  const aState = async (lotId: string) => {
    const db = app().database.db;
    const [lot] = await db.select().from(lots).where(eq(lots.id, lotId));
    const history = await db.select().from(lotHolds).where(eq(lotHolds.lotId, lotId));
    return { onHold: lot!.onHold, holdReason: lot!.holdReason, history: history.length };
  };
  const refused = async (method: TRequest['method'], path: (id: string) => string, payload?: object) => {
    const lot = await aLot();
    const before = await aState(lot.id);
    for (const id of [lot.id, randomUUID()]) {
      const response = await asB({ method, url: path(id), ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${path(id)}: ${response.body}`).toBe(404);
      expect(response.json().error.message).toBe(LOT_HOLD_MESSAGES.lotNotFound);
      expect(response.body).not.toContain(lot.lotNumber);
    }
    expect(await aState(lot.id)).toEqual(before);
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe,
  });
  const A_CODE = 'A-SECRET-DEFECT';
  let made: Promise<string> | undefined;
  /** A's defect code, made by A's admin on first use. */
  const aCode = () => {
    made ??= (async () =>
      (
        await client(app(), a().cookie).ok(
          'POST',
          '/api/v1/defect-codes',
          { code: A_CODE, name: 'A secret flaw' },
          201,
        )
      ).id as string)();
    return made;
  };
  const aCodeRow = async () =>
    (
      await app()
        .database.db.select()
        .from(defectCodes)
        .where(eq(defectCodes.id, await aCode()))
    )[0];
  const codeRefused = async (method: TRequest['method'], payload?: object) => {
    const id = await aCode();
    const before = await aCodeRow();
    for (const probe of [id, randomUUID()]) {
      const url = `/api/v1/defect-codes/${probe}`;
      const response = await asB({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      expect(response.json().error.message).toBe(DEFECT_CODE_MESSAGES.notFound);
      expect(response.body).not.toContain(A_CODE);
    }
    expect(await aCodeRow()).toEqual(before);
  };
  const A_SUPPLIER = 'A-SECRET-SUPPLIER';
  /** What only A's supplier holds (B may add one of the same code, its own). */
  const A_SUPPLIER_SECRETS = ['A secret vendor', 'vendor@a-secret.example'];
  let supplierMade: Promise<string> | undefined;
  /** A's supplier, made by A's admin on first use. */
  const aSupplier = () => {
    supplierMade ??= (async () =>
      (
        await client(app(), a().cookie).ok(
          'POST',
          '/api/v1/suppliers',
          { code: A_SUPPLIER, name: 'A secret vendor', email: 'vendor@a-secret.example' },
          201,
        )
      ).id as string)();
    return supplierMade;
  };
  const aSupplierRow = async () =>
    (
      await app()
        .database.db.select()
        .from(suppliers)
        .where(eq(suppliers.id, await aSupplier()))
    )[0];
  const supplierRefused = async (method: TRequest['method'], payload?: object) => {
    const id = await aSupplier();
    const before = await aSupplierRow();
    for (const probe of [id, randomUUID()]) {
      const url = `/api/v1/suppliers/${probe}`;
      const response = await asB({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      expect(response.json().error.message).toBe(SUPPLIER_MESSAGES.notFound);
      expect(response.body).not.toContain(A_SUPPLIER);
    }
    expect(await aSupplierRow()).toEqual(before);
  };
  return {
    'GET /api/v1/suppliers': tenantCase("lists suppliers searching A's code: none of A's", async () => {
      await aSupplier();
      for (const q of [A_SUPPLIER, 'vendor', '']) {
        const response = await asB({
          method: 'GET',
          url: `/api/v1/suppliers?active=all&q=${encodeURIComponent(q)}`,
        });
        expect(response.statusCode, response.body).toBe(200);
        // B may have a supplier of the same code (its own): A's name and address must never show.
        for (const secret of A_SUPPLIER_SECRETS) expect(response.body).not.toContain(secret);
      }
    }),
    'GET /api/v1/suppliers/export.csv': tenantCase(
      "exports suppliers searching A's code: none of A's",
      async () => {
        await aSupplier();
        for (const q of [A_SUPPLIER, '']) {
          const url = `/api/v1/suppliers/export.csv?active=all&q=${encodeURIComponent(q)}`;
          const response = await asB({ method: 'GET', url });
          expect(response.statusCode, response.body).toBe(200);
          for (const secret of A_SUPPLIER_SECRETS) expect(response.body).not.toContain(secret);
        }
      },
    ),
    'GET /api/v1/suppliers/:id': tenantCase("reads A's supplier: 404", () => supplierRefused('GET')),
    'POST /api/v1/suppliers': tenantCase(
      "adds a supplier with A's code (B's own, A's unchanged) and receives naming A's supplier (404 naming supplierId)",
      async () => {
        const before = await aSupplierRow();
        const made = await asB({
          method: 'POST',
          url: '/api/v1/suppliers',
          payload: { code: A_SUPPLIER, name: 'B' },
        });
        expect(made.statusCode, made.body).toBe(201);
        const [mine] = await app()
          .database.db.select()
          .from(suppliers)
          .where(eq(suppliers.id, made.json().id));
        expect(mine!.companyId).not.toBe(a().companyId);
        const response = await asB({
          method: 'POST',
          url: '/api/v1/stock/transactions',
          payload: {
            kind: 'receive',
            idempotencyKey: randomUUID(),
            supplierId: await aSupplier(),
            lines: [{ itemId: randomUUID(), locationId: randomUUID(), quantity: '1' }],
          },
        });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().error.fieldErrors).toEqual({ supplierId: SUPPLIER_MESSAGES.notFound });
        expect(await aSupplierRow()).toEqual(before);
      },
    ),
    'PUT /api/v1/suppliers/:id': tenantCase("changes A's supplier: 404, unchanged", () =>
      supplierRefused('PUT', { code: 'B-TAKES', name: 'Taken over' }),
    ),
    'GET /api/v1/defect-codes': tenantCase("lists defect codes searching A's code: none of A's", async () => {
      await aCode();
      for (const q of [A_CODE, '']) {
        const response = await asB({
          method: 'GET',
          url: `/api/v1/defect-codes?active=all&q=${encodeURIComponent(q)}`,
        });
        expect(response.statusCode, response.body).toBe(200);
        // B may have a code of the same name (its own): A's description must never show.
        expect(response.body).not.toContain('A secret flaw');
      }
    }),
    'GET /api/v1/defect-codes/:id': tenantCase("reads A's defect code: 404", () => codeRefused('GET')),
    'POST /api/v1/defect-codes': tenantCase(
      "adds a code with A's code: it is B's own, A's unchanged",
      async () => {
        const before = await aCodeRow();
        const response = await asB({
          method: 'POST',
          url: '/api/v1/defect-codes',
          payload: { code: A_CODE, name: 'B' },
        });
        expect(response.statusCode, response.body).toBe(201);
        const [mine] = await app()
          .database.db.select()
          .from(defectCodes)
          .where(eq(defectCodes.id, response.json().id));
        expect(mine!.companyId).not.toBe(a().companyId);
        expect(await aCodeRow()).toEqual(before);
      },
    ),
    'PUT /api/v1/defect-codes/:id': tenantCase("changes A's defect code: 404, unchanged", () =>
      codeRefused('PUT', { code: 'B-TAKES', name: 'Taken over' }),
    ),
    'POST /api/v1/lots/:id/hold': tenantCase("puts A's lot on hold: 404, A's lot not held", () =>
      refused('POST', (id) => `/api/v1/lots/${id}/hold`, { reason: 'B holds it' }),
    ),
    'POST /api/v1/lots/:id/release': tenantCase("releases A's lot: 404, A's lot as it was", () =>
      refused('POST', (id) => `/api/v1/lots/${id}/release`, { reason: 'B releases it' }),
    ),
    'GET /api/v1/lots/:id/holds': tenantCase("reads A's lot's holds: 404", () =>
      refused('GET', (id) => `/api/v1/lots/${id}/holds`),
    ),
  };
}
