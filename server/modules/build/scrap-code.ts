// The defect code scrap is recorded under (decisions 070, 076): a step's finish and an output with scrap above zero
// name one of the company's active codes, so scrap and inspection failures land in one Pareto; the free-text reason
// stays as the note. A code is required only where one can be picked — while the company's Quality area is on (the
// codes' list is Quality's) and it keeps at least one active code — so a shop that keeps none records scrap with a
// reason as before. Another company's code, or a switched-off one, is "no such code" (404 naming the field).
import { sql } from 'drizzle-orm';
import { AppError } from '#common/errors.ts';
import type { TScrapDefectCode } from '#common/schemas/floor-checks.ts';
import { SHOP_FLOOR_MESSAGES as M } from '#common/schemas/shop-floor.ts';
import { queryRows, type TDb } from '../../db/client.ts';

const FIELD = 'scrapDefectCodeId';

/** The code `codeId` of scrap `scrap` (null when nothing is scrapped, or none is asked and none is needed). */
export async function scrapCodeOf(
  tx: TDb,
  companyId: string,
  scrap: string,
  codeId: string | undefined,
): Promise<TScrapDefectCode | null> {
  if (scrap === '0') return null;
  if (codeId !== undefined) {
    const [code] = await queryRows<TScrapDefectCode>(
      tx,
      sql`select id, code, name from defect_codes
           where company_id = ${companyId} and id = ${codeId} and active`,
    );
    if (!code) throw new AppError('NOT_FOUND', M.defectCodeNotFound, { [FIELD]: M.defectCodeNotFound });
    return code;
  }
  const [need] = await queryRows<{ needed: boolean }>(
    tx,
    sql`select coalesce((select enable_quality_feature from company_settings where company_id = ${companyId}), true)
               and exists (select 1 from defect_codes where company_id = ${companyId} and active) as needed`,
  );
  if (need?.needed) throw new AppError('VALIDATION', M.scrapCodeNeeded, { [FIELD]: M.scrapCodeNeeded });
  return null;
}

/** "SCR-01 — Scratched": the code as the audit trail and the record name it. */
export const scrapCodeText = (code: TScrapDefectCode | null) => (code ? `${code.code} — ${code.name}` : null);
