// The cross-company case of a supplier's corrective action after 105E 4.8's discontinuation (decision 077:
// server/modules/quality/corrective-actions.routes.ts), spread into ROUTE_CASES of
// server/tenant-isolation.api.test.ts. B's admin names A's item, or B's item with A's supplier, in the body: 404
// naming the field, and no corrective action is recorded in either company.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { CORRECTIVE_ACTION_MESSAGES as M } from '#common/schemas/corrective-actions.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { samplingCorrectiveActions } from '../modules/quality/corrective-actions.tables.ts';
import type { TCaseHelpers, TCompanyRef, TRouteCase } from './route-case.ts';

const URL = '/api/v1/sampling-corrective-actions';

export function correctiveActionCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  /** A bought item and a supplier of the company, made by its admin. */
  const worldOf = async (company: TCompanyRef, p: string) => {
    const c = client(app(), company.cookie);
    const item = await c.ok(
      'POST',
      '/api/v1/items',
      { partNumber: `${p}-CAR-ITEM`, name: 'Bushing', unitCost: '1', lotTracked: true },
      201,
    );
    const supplier = await c.ok('POST', '/api/v1/suppliers', { code: `${p}-CAR-SUP`, name: 'Supplier' }, 201);
    return { itemId: item.id as string, supplierId: supplier.id as string };
  };
  const recorded = async () =>
    (await app().database.db.select().from(samplingCorrectiveActions)).filter(
      (row) => row.companyId === a().companyId || row.companyId === b().companyId,
    ).length;

  return {
    [`POST ${URL}`]: {
      kind: 'tenant',
      attempt: "records a corrective action for A's item, or B's item from A's supplier: 404 naming it",
      async probe() {
        const A = await worldOf(a(), 'XA');
        const B = await worldOf(b(), 'XB');
        const before = await recorded();
        const body = { stage: 'receipt', action: 'New tooling at the supplier.' };
        const tries: [object, string, string][] = [
          [{ ...body, itemId: A.itemId, supplierId: null }, 'itemId', M.itemNotFound],
          [{ ...body, itemId: A.itemId, supplierId: B.supplierId }, 'itemId', M.itemNotFound],
          [{ ...body, itemId: B.itemId, supplierId: A.supplierId }, 'supplierId', M.supplierNotFound],
        ];
        for (const [payload, field, message] of tries) {
          const response = await asB({ method: 'POST', url: URL, payload });
          expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(404);
          expect(response.json().error.fieldErrors).toEqual({ [field]: message });
        }
        expect(await recorded()).toBe(before);
        const [aItem] = await app()
          .database.db.select()
          .from(samplingCorrectiveActions)
          .where(eq(samplingCorrectiveActions.itemId, A.itemId));
        expect(aItem).toBeUndefined();
      },
    },
  };
}
