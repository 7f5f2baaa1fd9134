// The cross-company case of the suppliers' CSV import (decision 075), spread into ROUTE_CASES of
// server/tenant-isolation.api.test.ts: B's file naming A's supplier's code checks and imports against B's own list —
// the report never shows A's supplier, B gets a supplier of its own, and A's stays exactly as it was.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { suppliers } from '../modules/suppliers/suppliers.tables.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const A_CODE = 'A-IMPORT-SECRET';
const A_SECRETS = ['A secret importer', 'importer@a-secret.example'];

export function supplierImportCases({ app, a, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const rowsWith = async (companyId: string) =>
    (await app().database.db.select().from(suppliers).where(eq(suppliers.companyId, companyId))).filter(
      (s) => s.code.toLowerCase() === A_CODE.toLowerCase(),
    );
  return {
    'POST /api/v1/suppliers/import': {
      kind: 'tenant',
      attempt: "imports a file naming A's supplier's code: checked and added as B's own, A's unchanged",
      probe: async () => {
        const aAdmin = client(app(), a().cookie);
        await aAdmin.ok(
          'POST',
          '/api/v1/suppliers',
          { code: A_CODE, name: A_SECRETS[0], email: A_SECRETS[1] },
          201,
        );
        const before = await rowsWith(a().companyId);
        const csv = `code,name\n${A_CODE.toLowerCase()},Taken over`;
        for (const mode of ['preview', 'commit']) {
          const response = await asB({
            method: 'POST',
            url: '/api/v1/suppliers/import',
            payload: { csv, mode },
          });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json()).toMatchObject({ rows: 1, valid: 1, updated: 0 });
          for (const secret of A_SECRETS) expect(response.body).not.toContain(secret);
        }
        expect(await rowsWith(a().companyId)).toEqual(before);
        expect(
          await app().database.db.select().from(suppliers).where(eq(suppliers.name, 'Taken over')),
        ).toHaveLength(1);
      },
    },
  };
}
