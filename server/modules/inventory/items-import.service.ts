// CSV export and import of items (decision 022). The import checks every row the way POST /api/v1/items checks one
// item — the same contract, part numbers unique in any case, a location of the company's, the plan's SKU limit for
// the whole file (items-import-check.ts) — and writes all rows in one transaction or none: a file with any problem
// imports nothing.
import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { csvFile, type TCsvValue } from '#common/csv.ts';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { ITEM_MESSAGES, type TItem, type TItemListQuery } from '#common/schemas/inventory-setup.ts';
import {
  ITEM_CSV_COLUMNS,
  ITEM_CSV_MAX_ERRORS,
  type TItemImportError,
  type TItemImportRequest,
  type TItemImportResult,
} from '#common/schemas/items-csv.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudits } from '../audit/audit.ts';
import * as companiesRepo from '../companies/companies.repo.ts';
import { companyToday } from '../companies/company-clock.ts';
import { items, locations } from './inventory.tables.ts';
import { listItems, lockSkuCount, toItem } from './items.repo.ts';
import { itemCsvRecord, parseItemsCsv } from './items-csv.ts';
import { CHUNK, checkFile, chunksOf } from './items-import-check.ts';

/**
 * The matching items (every page) as CSV text, a header and then one record per item, read 1000 at a time; the file
 * is named for the company's day ("items-2026-11-25.csv").
 */
export async function exportItemsCsv(
  tenant: TTenant,
  filter: Pick<TItemListQuery, 'q' | 'category' | 'status'>,
): Promise<{ fileName: string; csv: string }> {
  return tenant.run(async (tx) => {
    const records: TCsvValue[][] = [];
    for (let page = 1; ; page++) {
      const found = await listItems(tx, tenant.companyId, { ...filter, page, pageSize: CHUNK });
      records.push(...found.items.map(itemCsvRecord));
      if (found.items.length < CHUNK) break;
    }
    const day = await companyToday(tx, tenant.companyId);
    return { fileName: `items-${day}.csv`, csv: csvFile(ITEM_CSV_COLUMNS, records) };
  });
}

const report = (checked: { rows: number; valid: number; errors: TItemImportError[] }, created: number) => ({
  rows: checked.rows,
  valid: checked.valid,
  errors: checked.errors.slice(0, ITEM_CSV_MAX_ERRORS),
  created,
});

/** The fields of an item the trail records (as items.service.ts records them). */
function auditable(item: TItem) {
  const { id: _id, createdAt: _c, updatedAt: _u, defaultLocationPath: _p, ...fields } = item;
  return fields;
}

/**
 * Checks a file (preview) or checks and imports it (commit). `ok` is false when a commit was refused because of a
 * problem in the file; then nothing was written.
 */
export async function importItemsCsv(
  tenant: TTenant,
  request: TItemImportRequest,
): Promise<{ ok: boolean; result: TItemImportResult }> {
  const parsed = parseItemsCsv(request.csv);
  if (!parsed.ok) {
    return { ok: request.mode === 'preview', result: report({ ...parsed, valid: 0 }, 0) };
  }
  try {
    return await tenant.run(async (tx) => {
      // Held from the count to the commit: a concurrent addition cannot slip past the limit checked here.
      if (request.mode === 'commit') await lockSkuCount(tx, tenant.companyId);
      const checked = await checkFile(tx, tenant.companyId, parsed.records);
      if (request.mode === 'preview') return { ok: true, result: report(checked, 0) };
      if (checked.errors.length > 0) return { ok: false, result: report(checked, 0) };

      const settings = await companiesRepo.findLabelConfig(tx, tenant.companyId);
      const lotDefault = settings?.useLotNumbers ?? false;
      const paths = new Map<string, string>();
      for (const chunk of chunksOf(checked.candidates)) {
        const inserted = await tx
          .insert(items)
          .values(
            chunk.map(({ input, active, locationId }) => ({
              id: uuidv7(),
              companyId: tenant.companyId,
              partNumber: input.partNumber,
              name: input.name,
              description: input.description,
              unitOfMeasure: input.unitOfMeasure,
              category: input.category,
              unitCost: normalizeDecimal(input.unitCost, 4),
              reorderPoint: input.reorderPoint === null ? null : normalizeDecimal(input.reorderPoint),
              defaultLocationId: locationId,
              lotTracked: input.lotTracked ?? lotDefault,
              active,
            })),
          )
          .returning();
        const missing = [
          ...new Set(inserted.map((r) => r.defaultLocationId).filter((id) => id !== null)),
        ].filter((id) => !paths.has(id));
        if (missing.length > 0) {
          const rows = await tx
            .select({ id: locations.id, fullCode: locations.fullCode })
            .from(locations)
            .where(and(eq(locations.companyId, tenant.companyId), inArray(locations.id, missing)));
          for (const r of rows) paths.set(r.id, r.fullCode);
        }
        await recordAudits(
          tx,
          tenant.companyId,
          tenant.actor,
          inserted.map((row) => {
            const item = toItem(
              row,
              row.defaultLocationId ? (paths.get(row.defaultLocationId) ?? null) : null,
            );
            return {
              entityType: 'item',
              entityId: item.id,
              entityLabel: item.partNumber,
              action: 'imported',
              after: auditable(item),
            };
          }),
        );
      }
      return { ok: true, result: report(checked, checked.candidates.length) };
    });
  } catch (error) {
    // Another admin added one of these part numbers between the check and the insert.
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', ITEM_MESSAGES.partNumberTaken, {
        partNumber: ITEM_MESSAGES.partNumberTaken,
      });
    }
    throw error;
  }
}
