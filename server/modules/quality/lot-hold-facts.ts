// What a held lot waits for before it comes off hold (decision 073), read from the database: what it holds, the
// nonconformances on it with what is left to decide, the inspection whose hold it is, and what was judged since. The
// rule that reads these is common/quality/lot-hold-waits.ts, shared by the release, the NC page and the lot page.
import { normalizeDecimal } from '#common/decimal.ts';
import type { TLotHoldFacts } from '#common/quality/lot-hold-waits.ts';
import { inspectionLabel } from '#common/schemas/inspections.ts';
import { ncNumberText } from '#common/schemas/nonconformances.ts';
import type { TDb } from '../../db/client.ts';
import { holdFactsOf } from './holds.repo.ts';

/** The facts of held lot `lotId`'s release, read in `tx`; null when no recorded hold holds it. */
export async function lotHoldFacts(tx: TDb, companyId: string, lotId: string): Promise<TLotHoldFacts | null> {
  const row = await holdFactsOf(tx, companyId, lotId);
  if (!row) return null;
  return {
    onHand: normalizeDecimal(row.on_hand),
    undecided: row.undecided.map((n) => ({
      id: n.id,
      numberText: ncNumberText(Number(n.number)),
      quantity: normalizeDecimal(n.left),
    })),
    openInspection:
      row.inspection_id && row.inspection_status === 'open'
        ? { id: row.inspection_id, label: inspectionLabel(Number(row.inspection_number)) }
        : null,
    vouched: row.inspection_status === 'passed',
    judged: normalizeDecimal(row.judged),
  };
}
