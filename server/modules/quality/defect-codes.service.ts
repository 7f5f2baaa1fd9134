// Defect codes (decision 070), a company code list (decision 075): everyone in the company reads the list (an
// operator picks a code for a failure or for scrap); admins add and change codes, each change in the audit trail. A
// code is never deleted — inspection results and scrap keep naming it — it is switched off instead. The code is
// unique in the company whatever its case.
import {
  DEFECT_CODE_MESSAGES,
  type TDefectCode,
  type TDefectCodeInput,
  type TDefectCodeListQuery,
  type TDefectCodePage,
  ZDefectCodeInputSchema,
} from '#common/schemas/defect-codes.ts';
import type { TTenant } from '../../db/tenant.ts';
import { codeList } from '../code-lists/code-list.ts';
import { defectCodes } from './plans.tables.ts';

export const defectCodeList = codeList({
  table: defectCodes,
  entityType: 'defect-code',
  messages: DEFECT_CODE_MESSAGES,
  searchIn: (t) => [t.code, t.name, t.category],
  input: ZDefectCodeInputSchema,
  toDto: (row: typeof defectCodes.$inferSelect): TDefectCode => ({
    id: row.id,
    code: row.code,
    name: row.name,
    category: row.category,
    severity: row.severity as TDefectCode['severity'],
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  }),
  audited: ['code', 'name', 'category', 'severity', 'active'],
});

/** GET /api/v1/defect-codes */
export const listDefectCodes = (tenant: TTenant, query: TDefectCodeListQuery): Promise<TDefectCodePage> =>
  defectCodeList.list(tenant, query);

/** GET /api/v1/defect-codes/:id */
export const getDefectCode = (tenant: TTenant, id: string): Promise<TDefectCode> =>
  defectCodeList.get(tenant, id);

/** POST /api/v1/defect-codes (admins) */
export const createDefectCode = (tenant: TTenant, input: TDefectCodeInput): Promise<TDefectCode> =>
  defectCodeList.create(tenant, input);

/** PUT /api/v1/defect-codes/:id (admins): the whole code, as the form holds it. */
export const updateDefectCode = (
  tenant: TTenant,
  id: string,
  input: TDefectCodeInput,
): Promise<TDefectCode> => defectCodeList.update(tenant, id, input);
