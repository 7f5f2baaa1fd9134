// Checking a CSV file of items before anything is written (decision 022): each row against the contract of
// POST /api/v1/items, then the file as a whole against the company — part numbers unique in any case (in the file
// and against the company's items), default locations of the company's, the plan's SKU limit for every active row.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { AppError } from '#common/errors.ts';
import { planLimitMessage, planLimitsOf } from '#common/plans.ts';
import { ITEM_MESSAGES, type TItemInput, ZItemInputSchema } from '#common/schemas/inventory-setup.ts';
import type { TItemCsvColumn, TItemImportError } from '#common/schemas/items-csv.ts';
import { csvFlagOf } from '../../csv-import.ts';
import type { TDb } from '../../db/client.ts';
import * as companiesRepo from '../companies/companies.repo.ts';
import { items, locations } from './inventory.tables.ts';
import { countActiveItems } from './items.repo.ts';
import type { TItemCsvRecord } from './items-csv.ts';

/** Rows read, written or looked up per query. */
export const CHUNK = 1000;

export const chunksOf = <T>(list: readonly T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** The CSV column a field of the item contract comes from. */
const COLUMN_OF: Record<string, TItemCsvColumn> = {
  partNumber: 'part_number',
  name: 'name',
  description: 'description',
  unitOfMeasure: 'unit_of_measure',
  category: 'category',
  unitCost: 'unit_cost',
  reorderPoint: 'reorder_point',
  defaultLocationId: 'default_location',
  lotTracked: 'lot_tracked',
};

/** A row that passed its own checks, ready to insert. */
interface TCandidate {
  row: number;
  input: TItemInput;
  active: boolean;
  /** The default_location cell as written, to look up in the company's locations. */
  location: string;
}

/** The checks one row can answer alone: the contract of POST /api/v1/items, plus the two yes/no columns. */
function checkRow(record: TItemCsvRecord): { candidate?: TCandidate; errors: TItemImportError[] } {
  const { row, cells } = record;
  const errors: TItemImportError[] = [];
  const lotTracked = csvFlagOf(cells.lot_tracked);
  const active = csvFlagOf(cells.active);
  if (lotTracked === null) errors.push({ row, field: 'lot_tracked', message: 'Write true or false' });
  if (active === null) errors.push({ row, field: 'active', message: 'Write true or false' });
  const parsed = ZItemInputSchema.safeParse({
    partNumber: cells.part_number,
    name: cells.name,
    description: cells.description,
    unitOfMeasure: cells.unit_of_measure === '' ? undefined : cells.unit_of_measure.toLowerCase(),
    category: cells.category,
    unitCost: cells.unit_cost === '' ? undefined : cells.unit_cost,
    reorderPoint: cells.reorder_point === '' ? null : cells.reorder_point,
    ...(lotTracked === true || lotTracked === false ? { lotTracked } : {}),
  });
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = COLUMN_OF[String(issue.path[0])] ?? String(issue.path[0] ?? 'row');
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push({ row, field, message: issue.message });
    }
  }
  if (!parsed.success || errors.length > 0) return { errors };
  return {
    candidate: { row, input: parsed.data, active: active ?? true, location: cells.default_location },
    errors,
  };
}

/** The company's locations named by full code or code (either, any case), keyed by the lower-cased name. */
async function findLocationsByName(
  tx: TDb,
  companyId: string,
  names: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const chunk of chunksOf([...new Set(names.map((n) => n.toLowerCase()))])) {
    const rows = await tx
      .select({ id: locations.id, code: locations.code, fullCode: locations.fullCode })
      .from(locations)
      .where(
        and(
          eq(locations.companyId, companyId),
          or(inArray(sql`lower(${locations.fullCode})`, chunk), inArray(locations.codeKey, chunk)),
        ),
      );
    // A full code names one location; a bare code only when no full code claims the same text.
    for (const r of rows) if (!found.has(r.code.toLowerCase())) found.set(r.code.toLowerCase(), r.id);
    for (const r of rows) found.set(r.fullCode.toLowerCase(), r.id);
  }
  return found;
}

/** The part numbers (lower-cased) of `wanted` the company already has, active or not. */
async function findTakenPartNumbers(tx: TDb, companyId: string, wanted: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunksOf(wanted)) {
    const rows = await tx
      .select({ partNumber: items.partNumber })
      .from(items)
      .where(and(eq(items.companyId, companyId), inArray(items.partNumberKey, chunk)));
    for (const r of rows) taken.add(r.partNumber.toLowerCase());
  }
  return taken;
}

/** What checking a whole file found: each row's problems, the rows to create, and file-wide problems. */
export interface TCheckedFile {
  rows: number;
  valid: number;
  errors: TItemImportError[];
  candidates: (TCandidate & { locationId: string | null })[];
}

export async function checkFile(
  tx: TDb,
  companyId: string,
  records: TItemCsvRecord[],
): Promise<TCheckedFile> {
  const errors: TItemImportError[] = [];
  const badRows = new Set<number>();
  const candidates: TCandidate[] = [];
  for (const record of records) {
    const checked = checkRow(record);
    for (const e of checked.errors) badRows.add(e.row);
    errors.push(...checked.errors);
    if (checked.candidate) candidates.push(checked.candidate);
  }

  const firstRowOf = new Map<string, number>();
  const taken = await findTakenPartNumbers(tx, companyId, [
    ...new Set(candidates.map((c) => c.input.partNumber.toLowerCase())),
  ]);
  const locationIds = await findLocationsByName(
    tx,
    companyId,
    candidates.map((c) => c.location).filter((l) => l !== ''),
  );
  const ready: TCheckedFile['candidates'] = [];
  for (const c of candidates) {
    const key = c.input.partNumber.toLowerCase();
    const rowErrors: TItemImportError[] = [];
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      rowErrors.push({
        row: c.row,
        field: 'part_number',
        message: `The same part number is on row ${first}.`,
      });
    } else {
      firstRowOf.set(key, c.row);
      if (taken.has(key))
        rowErrors.push({ row: c.row, field: 'part_number', message: ITEM_MESSAGES.partNumberTaken });
    }
    const locationId = c.location === '' ? null : (locationIds.get(c.location.toLowerCase()) ?? null);
    if (c.location !== '' && locationId === null) {
      rowErrors.push({ row: c.row, field: 'default_location', message: ITEM_MESSAGES.locationNotFound });
    }
    if (rowErrors.length > 0) {
      badRows.add(c.row);
      errors.push(...rowErrors);
    } else {
      ready.push({ ...c, locationId });
    }
  }

  // The plan's SKU limit for the file as a whole: every active row takes a slot.
  const company = await companiesRepo.findCompany(tx, companyId);
  if (!company) throw new AppError('NOT_FOUND', 'No such company.');
  const limits = planLimitsOf(company.planId, company.planStartedAt);
  const activeNow = await countActiveItems(tx, companyId);
  const activeRows = records.filter((r) => csvFlagOf(r.cells.active) !== false);
  const room = Math.max(0, limits.maxSkus - activeNow);
  if (activeRows.length > room) {
    errors.push({
      row: activeRows[room]!.row,
      field: 'file',
      message: `${planLimitMessage(limits, 'SKUs', activeNow)} This file adds ${activeRows.length} active items; ${room} more fit.`,
    });
  }

  errors.sort((a, b) => a.row - b.row);
  return { rows: records.length, valid: records.length - badRows.size, errors, candidates: ready };
}
