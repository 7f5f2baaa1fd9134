// Nonconformances in words (decision 073): the dispositions as the screen names them, and what a disposition did.
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
