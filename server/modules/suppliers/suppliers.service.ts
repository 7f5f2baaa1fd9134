// Suppliers (decision 070): everyone in the company reads the list (a receiver picks who the goods came from); admins
// add and change suppliers, each change in the audit trail. A supplier is never deleted — receipts, lots and
// inspections keep naming it — it is switched off instead. The code is unique in the company whatever its case.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import {
  SUPPLIER_MESSAGES as M,
  type TSupplier,
  type TSupplierInput,
  type TSupplierListQuery,
  type TSupplierPage,
  ZSupplierInputSchema,
} from '#common/schemas/suppliers.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import * as repo from './suppliers.repo.ts';

const notFound = () => new AppError('NOT_FOUND', M.notFound);
const codeTaken = () => new AppError('CONFLICT', M.codeTaken, { code: M.codeTaken });

function toDto(row: repo.TSupplierRow): TSupplier {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    contact: row.contact,
    email: row.email,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The supplier a receipt names, checked in the receipt's transaction: 404 naming `field` when it is not the
 * company's, 409 when it is switched off.
 */
export async function supplierForReceipt(tx: TDb, companyId: string, id: string, field: string) {
  const row = await repo.findSupplier(tx, companyId, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound, { [field]: M.notFound });
  if (!row.active) throw new AppError('CONFLICT', M.inactive, { [field]: M.inactive });
  return toDto(row);
}

/** GET /api/v1/suppliers */
export async function listSuppliers(tenant: TTenant, query: TSupplierListQuery): Promise<TSupplierPage> {
  const { rows, total } = await tenant.run((tx) => repo.listSuppliers(tx, tenant.companyId, query));
  return { items: rows.map(toDto), total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/v1/suppliers/:id */
export async function getSupplier(tenant: TTenant, id: string): Promise<TSupplier> {
  const row = await tenant.run((tx) => repo.findSupplier(tx, tenant.companyId, id));
  if (!row) throw notFound();
  return toDto(row);
}

/** POST /api/v1/suppliers (admins) */
export async function createSupplier(tenant: TTenant, input: TSupplierInput): Promise<TSupplier> {
  const fields = ZSupplierInputSchema.parse(input);
  try {
    return await tenant.run(async (tx) => {
      const row = toDto(
        await repo.insertSupplier(tx, { id: uuidv7(), companyId: tenant.companyId, ...fields }),
      );
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'supplier',
        entityId: row.id,
        entityLabel: row.code,
        action: 'created',
        after: { code: row.code, name: row.name, contact: row.contact, email: row.email, active: row.active },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** PUT /api/v1/suppliers/:id (admins): the whole supplier, as the form holds it. */
export async function updateSupplier(tenant: TTenant, id: string, input: TSupplierInput): Promise<TSupplier> {
  const fields = ZSupplierInputSchema.parse(input);
  try {
    return await tenant.run(async (tx) => {
      const found = await repo.lockSupplier(tx, tenant.companyId, id);
      if (!found) throw notFound();
      const old = toDto(found);
      const after = toDto(await repo.updateSupplier(tx, tenant.companyId, id, fields));
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'supplier',
        entityId: id,
        entityLabel: after.code,
        action: 'updated',
        before: {
          code: old.code,
          name: old.name,
          contact: old.contact,
          email: old.email,
          active: old.active,
        },
        after: {
          code: after.code,
          name: after.name,
          contact: after.contact,
          email: after.email,
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
