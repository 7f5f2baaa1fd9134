// Nonconformances in words (decision 073): the dispositions as the screen names them, and what a disposition did.

import { compareDecimal } from '#common/decimal.ts';
import type { TNcDetail, TNcDisposition } from '#common/schemas/nonconformances.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';

export const DISPOSITION_LABELS: Record<TNcDisposition, string> = {
  scrap: 'Scrap',
  rework: 'Rework',
  use_as_is: 'Use as is',
  return_to_supplier: 'Return to supplier',
};

/** What a disposition did, for its toast and the detail: the stock it moved, the work order, the lot's hold. */
export function dispositionSummary(nc: TNcDetail): string {
  const amount = `${formatQuantity(nc.dispositionQuantity ?? '0', nc.unitOfMeasure)} of ${nc.partNumber}`;
  const lot = nc.lotNumber && nc.lotOnHold === false ? ` Lot ${nc.lotNumber} is free to move.` : '';
  switch (nc.disposition) {
    case 'scrap':
      return `${amount} scrapped: taken out of stock.${lot}`;
    case 'return_to_supplier':
      return `${amount} taken out of stock to go back to ${nc.supplierName ?? 'the supplier'}.${lot}`;
    case 'rework':
      return `${nc.reworkWorkOrderNumber ? workOrderNumberText(nc.reworkWorkOrderNumber) : 'A work order'} made to rework ${amount}.${lot}`;
    case 'use_as_is':
      return `${amount} used as is; no stock moved.${lot}`;
    default:
      return '';
  }
}

/** What the disposition will do to the stock, in words, before it is sent. */
export function willDo(nc: TNcDetail, d: TNcDisposition, quantity: string, supplier: string | null): string {
  const amount = `${formatQuantity(quantity || '0', nc.unitOfMeasure)} of ${nc.partNumber}`;
  const fromLot = nc.lotNumber ? ` from lot ${nc.lotNumber}` : '';
  const whole =
    nc.lotQuantity !== null && quantity !== '' && /^\d+(\.\d+)?$/.test(quantity)
      ? compareDecimal(quantity, nc.lotQuantity) >= 0
      : false;
  const release = nc.lotOnHold ? ` Lot ${nc.lotNumber} comes off hold.` : '';
  const stays = nc.lotOnHold ? ` Lot ${nc.lotNumber} stays on hold for what is left.` : '';
  switch (d) {
    case 'scrap':
      return `Takes ${amount}${fromLot} out of stock as scrap, written off at the ledger's unit cost.${whole ? release : stays}`;
    case 'return_to_supplier':
      return `Takes ${amount}${fromLot} out of stock, returned to ${supplier ?? 'the supplier'}.${whole ? release : stays}`;
    case 'rework':
      return `Makes a planned work order to rework ${amount}. No stock moves now.${whole ? release : stays}`;
    case 'use_as_is':
      return `No stock moves: ${amount} is used as it is.${release}`;
  }
}
