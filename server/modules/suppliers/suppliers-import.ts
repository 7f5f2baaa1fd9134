// CSV import of suppliers (decision 075), as items' (decision 022): every row checked the way PUT/POST check one
// supplier (the same contract), codes unique in the file whatever their case; a code the company has updates that
// supplier, a new one adds it. All rows in one transaction or none: a file with any problem imports nothing. A
// column the header leaves out keeps an existing supplier's value (a new one takes the default); an empty `active`
// cell likewise.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import {
  CSV_IMPORT_MAX_ERRORS,
  type TCsvImportError,
  type TCsvImportRequest,
} from '#common/schemas/csv-import.ts';
import { SUPPLIER_MESSAGES as M, type TSupplier, ZSupplierInputSchema } from '#common/schemas/suppliers.ts';
import {
  SUPPLIER_CSV_COLUMNS,
  SUPPLIER_CSV_MAX_ROWS,
  type TSupplierCsvColumn,
  type TSupplierImportResult,
} from '#common/schemas/suppliers-csv.ts';
import { csvFlagOf, parseCsvImport, type TCsvImportRecord } from '../../csv-import.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudits, type TAuditChange } from '../audit/audit.ts';
import { supplierList } from './suppliers.service.ts';
import { suppliers } from './suppliers.tables.ts';

type TRecord = TCsvImportRecord<TSupplierCsvColumn>;
type TFields = Pick<TSupplier, 'code' | 'name' | 'contact' | 'email' | 'active'>;
const FIELDS = ['code', 'name', 'contact', 'email', 'active'] as const;
const CHUNK = 1000;

/** A row that passed its checks: what the supplier will hold, and the one it changes (none: a new supplier). */
interface TReady {
  fields: TFields;
  existing: TSupplier | null;
}

/** The company's suppliers with these codes (lower-cased), locked in a commit so the check holds to the write. */
async function suppliersByCode(tx: TDb, companyId: string, codes: string[], lock: boolean) {
  const found = new Map<string, TSupplier>();
  for (let at = 0; at < codes.length; at += CHUNK) {
    const query = tx
      .select()
      .from(suppliers)
      .where(
        and(
          eq(suppliers.companyId, companyId),
          inArray(sql`lower(${suppliers.code})`, codes.slice(at, at + CHUNK)),
        ),
      );
    const rows = lock ? await query.for('update') : await query;
    for (const row of rows) found.set(row.code.toLowerCase(), supplierList.toDto(row));
  }
  return found;
}

/** One row against the supplier contract; `existing` fills the columns the header left out. */
function checkRow(
  { row, cells }: TRecord,
  present: ReadonlySet<TSupplierCsvColumn>,
  existing: TSupplier | null,
): { fields?: TFields; errors: TCsvImportError[] } {
  const errors: TCsvImportError[] = [];
  const active = csvFlagOf(cells.active);
  if (active === null) errors.push({ row, field: 'active', message: 'Write yes or no' });
  const cell = (column: 'contact' | 'email') =>
    present.has(column) ? cells[column] : (existing?.[column] ?? '');
  const parsed = ZSupplierInputSchema.safeParse({
    code: cells.code,
    name: cells.name,
    contact: cell('contact'),
    email: cell('email'),
    active: active ?? existing?.active ?? true,
  });
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push({ row, field, message: issue.message });
    }
  }
  return parsed.success && errors.length === 0 ? { fields: parsed.data, errors } : { errors };
}

/** Every row checked; the rows ready to write when there is no problem. */
async function checkFile(
  tx: TDb,
  companyId: string,
  records: TRecord[],
  present: ReadonlySet<TSupplierCsvColumn>,
  lock: boolean,
) {
  const existing = await suppliersByCode(
    tx,
    companyId,
    [...new Set(records.map((r) => r.cells.code.toLowerCase()))],
    lock,
  );
  const errors: TCsvImportError[] = [];
  const badRows = new Set<number>();
  const firstRowOf = new Map<string, number>();
  const ready: TReady[] = [];
  for (const record of records) {
    const key = record.cells.code.toLowerCase();
    const found = existing.get(key) ?? null;
    const checked = checkRow(record, present, found);
    const first = firstRowOf.get(key);
    if (key !== '' && first !== undefined) {
      checked.errors.push({ row: record.row, field: 'code', message: `The same code is on row ${first}.` });
    } else if (key !== '') firstRowOf.set(key, record.row);
    if (checked.errors.length > 0) {
      badRows.add(record.row);
      errors.push(...checked.errors);
    } else if (checked.fields) ready.push({ fields: checked.fields, existing: found });
  }
  return { rows: records.length, valid: records.length - badRows.size, errors, ready };
}

const report = (
  checked: { rows: number; valid: number; errors: TCsvImportError[] },
  created = 0,
  updated = 0,
): TSupplierImportResult => ({
  rows: checked.rows,
  valid: checked.valid,
  errors: checked.errors.slice(0, CSV_IMPORT_MAX_ERRORS),
  created,
  updated,
});

/** Adds the new suppliers and changes the existing ones a row differs from, each audited; how many of each. */
async function write(tx: TDb, tenant: TTenant, ready: TReady[]) {
  const changes: TAuditChange[] = [];
  const fresh = ready.filter((r) => r.existing === null).map((r) => r.fields);
  for (let at = 0; at < fresh.length; at += CHUNK) {
    const inserted = await tx
      .insert(suppliers)
      .values(fresh.slice(at, at + CHUNK).map((f) => ({ id: uuidv7(), companyId: tenant.companyId, ...f })))
      .returning();
    for (const row of inserted) {
      const after = supplierList.toDto(row);
      changes.push({
        entityType: 'supplier',
        entityId: after.id,
        entityLabel: after.code,
        action: 'imported',
        after: {
          code: after.code,
          name: after.name,
          contact: after.contact,
          email: after.email,
          active: after.active,
        },
      });
    }
  }
  let updated = 0;
  for (const { fields, existing } of ready) {
    if (!existing) continue;
    const old = {
      code: existing.code,
      name: existing.name,
      contact: existing.contact,
      email: existing.email,
      active: existing.active,
    };
    const diff = changedFields(old, fields, FIELDS);
    if (Object.keys(diff.after).length === 0) continue;
    await tx
      .update(suppliers)
      .set(fields)
      .where(and(eq(suppliers.companyId, tenant.companyId), eq(suppliers.id, existing.id)));
    changes.push({
      entityType: 'supplier',
      entityId: existing.id,
      entityLabel: fields.code,
      action: 'updated',
      ...diff,
    });
    updated++;
  }
  await recordAudits(tx, tenant.companyId, tenant.actor, changes);
  return { created: fresh.length, updated };
}

/**
 * POST /api/v1/suppliers/import: checks a file (preview) or checks and imports it (commit). `ok` is false when a
 * commit was refused because of a problem in the file; then nothing was written.
 */
export async function importSuppliersCsv(
  tenant: TTenant,
  request: TCsvImportRequest,
): Promise<{ ok: boolean; result: TSupplierImportResult }> {
  const parsed = parseCsvImport(request.csv, {
    columns: SUPPLIER_CSV_COLUMNS,
    required: ['code', 'name'],
    noun: ['supplier', 'suppliers'],
    maxRows: SUPPLIER_CSV_MAX_ROWS,
  });
  if (!parsed.ok) return { ok: request.mode === 'preview', result: report({ ...parsed, valid: 0 }) };
  const commit = request.mode === 'commit';
  try {
    return await tenant.run(async (tx) => {
      const checked = await checkFile(tx, tenant.companyId, parsed.records, parsed.present, commit);
      if (!commit) return { ok: true, result: report(checked) };
      if (checked.errors.length > 0) return { ok: false, result: report(checked) };
      const { created, updated } = await write(tx, tenant, checked.ready);
      return { ok: true, result: report(checked, created, updated) };
    });
  } catch (error) {
    // Another admin added one of these codes between the check and the insert.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', M.codeTaken, { code: M.codeTaken });
    throw error;
  }
}
