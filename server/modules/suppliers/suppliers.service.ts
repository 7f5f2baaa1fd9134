// Suppliers (decision 070), a company code list (decision 075): everyone in the company reads the list (a receiver
// picks who the goods came from); admins add and change suppliers, each change in the audit trail. A supplier is
// never deleted — receipts, lots and inspections keep naming it — it is switched off instead. The code is unique in
// the company whatever its case.
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
import type { TTenant } from '../../db/tenant.ts';
import { codeList } from '../code-lists/code-list.ts';
import { suppliers } from './suppliers.tables.ts';

export const supplierList = codeList({
  table: suppliers,
  entityType: 'supplier',
  messages: M,
  searchIn: (t) => [t.code, t.name, t.contact, t.email],
  input: ZSupplierInputSchema,
  toDto: (row: typeof suppliers.$inferSelect): TSupplier => ({
    id: row.id,
    code: row.code,
    name: row.name,
    contact: row.contact,
    email: row.email,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  }),
  audited: ['code', 'name', 'contact', 'email', 'active'],
});

/**
 * The supplier a receipt names, checked in the receipt's transaction: 404 naming `field` when it is not the
 * company's, 409 when it is switched off.
 */
export async function supplierForReceipt(tx: TDb, companyId: string, id: string, field: string) {
  const row = await supplierList.find(tx, companyId, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound, { [field]: M.notFound });
  if (!row.active) throw new AppError('CONFLICT', M.inactive, { [field]: M.inactive });
  return row;
}

/** GET /api/v1/suppliers */
export const listSuppliers = (tenant: TTenant, query: TSupplierListQuery): Promise<TSupplierPage> =>
  supplierList.list(tenant, query);

/** GET /api/v1/suppliers/:id */
export const getSupplier = (tenant: TTenant, id: string): Promise<TSupplier> => supplierList.get(tenant, id);

/** POST /api/v1/suppliers (admins) */
export const createSupplier = (tenant: TTenant, input: TSupplierInput): Promise<TSupplier> =>
  supplierList.create(tenant, input);

/** PUT /api/v1/suppliers/:id (admins): the whole supplier, as the form holds it. */
export const updateSupplier = (tenant: TTenant, id: string, input: TSupplierInput): Promise<TSupplier> =>
  supplierList.update(tenant, id, input);
