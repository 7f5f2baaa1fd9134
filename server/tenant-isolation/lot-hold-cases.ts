// The cross-company cases of lot holds (decision 070, server/modules/quality/holds.routes.ts), spread into ROUTE_CASES
// of server/tenant-isolation.api.test.ts. A's lot (the first lot of A's found in the tables) is named by B in the path:
// 404 in the words of a lot that exists nowhere, and A's lot is as it was — not held, not released, no history.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { LOT_HOLD_MESSAGES } from '#common/schemas/lot-holds.ts';
import { lots } from '../modules/inventory/stock.tables.ts';
import { lotHolds } from '../modules/quality/inspections.tables.ts';
import type { TCaseHelpers, TRequest, TRouteCase } from './route-case.ts';

export function lotHoldCases({ app, a, asB }: TCaseHelpers): Record<string, TRouteCase> {
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
  return {
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
