// Defect codes (decision 070): everyone in the company reads the list (an operator picks a code for a failure or for
// scrap); admins add and change codes, each change in the audit trail. A code is never deleted — inspection results
// and scrap keep naming it — it is switched off instead. The code is unique in the company whatever its case.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import {
  DEFECT_CODE_MESSAGES as M,
  type TDefectCode,
  type TDefectCodeInput,
  type TDefectCodeListQuery,
  type TDefectCodePage,
  ZDefectCodeInputSchema,
} from '#common/schemas/defect-codes.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import * as repo from './defect-codes.repo.ts';

const notFound = () => new AppError('NOT_FOUND', M.notFound);
const codeTaken = () => new AppError('CONFLICT', M.codeTaken, { code: M.codeTaken });

function toDto(row: repo.TDefectCodeRow): TDefectCode {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    category: row.category,
    severity: row.severity as TDefectCode['severity'],
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/v1/defect-codes */
export async function listDefectCodes(
  tenant: TTenant,
  query: TDefectCodeListQuery,
): Promise<TDefectCodePage> {
  const { rows, total } = await tenant.run((tx) => repo.listDefectCodes(tx, tenant.companyId, query));
  return { items: rows.map(toDto), total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/v1/defect-codes/:id */
export async function getDefectCode(tenant: TTenant, id: string): Promise<TDefectCode> {
  const row = await tenant.run((tx) => repo.findDefectCode(tx, tenant.companyId, id));
  if (!row) throw notFound();
  return toDto(row);
}

/** POST /api/v1/defect-codes (admins) */
export async function createDefectCode(tenant: TTenant, input: TDefectCodeInput): Promise<TDefectCode> {
  const fields = ZDefectCodeInputSchema.parse(input);
  try {
    return await tenant.run(async (tx) => {
      const row = toDto(
        await repo.insertDefectCode(tx, { id: uuidv7(), companyId: tenant.companyId, ...fields }),
      );
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'defect-code',
        entityId: row.id,
        entityLabel: row.code,
        action: 'created',
        after: {
          code: row.code,
          name: row.name,
          category: row.category,
          severity: row.severity,
          active: row.active,
        },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** PUT /api/v1/defect-codes/:id (admins): the whole code, as the form holds it. */
export async function updateDefectCode(
  tenant: TTenant,
  id: string,
  input: TDefectCodeInput,
): Promise<TDefectCode> {
  const fields = ZDefectCodeInputSchema.parse(input);
  try {
    return await tenant.run(async (tx) => {
      const before = await repo.lockDefectCode(tx, tenant.companyId, id);
      if (!before) throw notFound();
      const old = toDto(before);
      const after = toDto(await repo.updateDefectCode(tx, tenant.companyId, id, fields));
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'defect-code',
        entityId: id,
        entityLabel: after.code,
        action: 'updated',
        before: {
          code: old.code,
          name: old.name,
          category: old.category,
          severity: old.severity,
          active: old.active,
        },
        after: {
          code: after.code,
          name: after.name,
          category: after.category,
          severity: after.severity,
          active: after.active,
        },
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}
