// Nonconformances in words (decision 073): the dispositions as the screen names them, what is left to decide, what a
// disposition did, and what one will do — including whether the lot comes off hold, predicted with the same rule the
// server releases by (common/quality/lot-hold-waits.ts).
import { compareDecimal, isDecimal } from '#common/decimal.ts';
import { factsAfterDisposition, lotHoldWaits, lotWaitsText } from '#common/quality/lot-hold-waits.ts';
import type {
  TNcDetail,
  TNcDisposition,
  TNcDispositionEntry,
  TNcSummary,
} from '#common/schemas/nonconformances.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';

export const DISPOSITION_LABELS: Record<TNcDisposition, string> = {
  scrap: 'Scrap',
  rework: 'Rework',
  use_as_is: 'Use as is',
  return_to_supplier: 'Return to supplier',
};

/** The list's Disposition cell: the kinds decided, and what is left when part is: "Scrap · 4 ea left". */
export function dispositionsText(n: TNcSummary): string {
  const kinds = n.dispositions.map((d) => DISPOSITION_LABELS[d]).join(', ');
  const partly = n.status === 'open' && n.dispositions.length > 0;
  if (!kinds) return '—';
  return partly ? `${kinds} · ${formatQuantity(n.undecidedQuantity, n.unitOfMeasure)} left` : kinds;
}

/** How much is decided and left: "6 of 10 ea decided, 4 ea left to decide". */
export function decidedText(n: TNcSummary): string {
  const unit = n.unitOfMeasure;
  if (compareDecimal(n.undecidedQuantity, '0') === 0)
    return `All ${formatQuantity(n.quantity, unit)} decided`;
  return `${formatQuantity(n.decidedQuantity)} of ${formatQuantity(n.quantity, unit)} decided, ${formatQuantity(n.undecidedQuantity, unit)} left to decide`;
}

/** What one disposition did: the stock it moved or the work order it made. */
export function entrySummary(nc: TNcDetail, e: TNcDispositionEntry): string {
  const amount = `${formatQuantity(e.quantity, nc.unitOfMeasure)} of ${nc.partNumber}`;
  const released = e.lotReleased && nc.lotNumber ? ` Lot ${nc.lotNumber} came off hold.` : '';
  switch (e.disposition) {
    case 'scrap':
      return `${amount} scrapped: taken out of stock.${released}`;
    case 'return_to_supplier':
      return `${amount} taken out of stock to go back to ${e.supplierName ?? 'the supplier'}.${released}`;
    case 'rework':
      return `${e.reworkWorkOrderNumber ? workOrderNumberText(e.reworkWorkOrderNumber) : 'A work order'} made to rework ${amount}.${released}`;
    case 'use_as_is':
      return `${amount} used as is; no stock moved.${released}`;
  }
}

/** What the lot's hold still waits for, in a sentence; null when the lot is not held. */
export function lotWaitsSentence(nc: TNcDetail): string | null {
  if (!nc.lotHold || !nc.lotNumber) return null;
  const waits = lotHoldWaits(nc.lotHold.facts);
  if (waits.length === 0) return `Lot ${nc.lotNumber} is on hold: ${nc.lotHold.reason}.`;
  const unjudged = waits.some((w) => w.kind === 'unjudged')
    ? ' For stock no nonconformance covers, open one for it, or an admin releases the lot on its page once it is judged.'
    : '';
  return `Lot ${nc.lotNumber} stays on hold, waiting for ${lotWaitsText(waits, nc.unitOfMeasure)}.${unjudged}`;
}

/** After a disposition: what it did, what is left of the nonconformance and whether the lot stays held. */
export function afterDisposition(nc: TNcDetail): string {
  const last = nc.dispositionLog.at(-1);
  const did = last ? entrySummary(nc, last) : '';
  const left =
    nc.status === 'open'
      ? ` ${formatQuantity(nc.undecidedQuantity, nc.unitOfMeasure)} is left to decide.`
      : ' All of it is decided.';
  const lot = lotWaitsSentence(nc);
  return `${did}${left}${lot && !last?.lotReleased ? ` ${lot}` : ''}`;
}

/** What the disposition will do, in words, before it is sent. */
export function willDo(nc: TNcDetail, d: TNcDisposition, quantity: string, supplier: string | null): string {
  const unit = nc.unitOfMeasure;
  const amount = `${formatQuantity(quantity || '0', unit)} of ${nc.partNumber}`;
  const fromLot = nc.lotNumber ? ` from lot ${nc.lotNumber}` : '';
  const valid = isDecimal(quantity.trim(), 6) && compareDecimal(quantity.trim(), '0') > 0;
  let after = '';
  if (valid) {
    const left = compareDecimal(nc.undecidedQuantity, quantity.trim()) > 0;
    after = left
      ? ` ${nc.numberText} stays open for the rest of its quantity.`
      : ` That decides all of ${nc.numberText}.`;
    if (nc.lotHold && nc.lotNumber) {
      const waits = lotHoldWaits(factsAfterDisposition(nc.lotHold.facts, nc.id, d, quantity.trim()));
      after +=
        waits.length === 0
          ? ` Lot ${nc.lotNumber} comes off hold.`
          : ` Lot ${nc.lotNumber} stays on hold, waiting for ${lotWaitsText(waits, unit)}.`;
    }
  }
  switch (d) {
    case 'scrap':
      return `Takes ${amount}${fromLot} out of stock as scrap, written off at the ledger's unit cost.${after}`;
    case 'return_to_supplier':
      return `Takes ${amount}${fromLot} out of stock, returned to ${supplier ?? 'the supplier'}.${after}`;
    case 'rework':
      return `Makes a planned work order to rework ${amount}. No stock moves now.${after}`;
    case 'use_as_is':
      return `No stock moves: ${amount} is used as it is.${after}`;
  }
}
