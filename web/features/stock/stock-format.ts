// Display helpers of the stock screens: kinds of posting in words, lots in toasts, and when (quantities and money
// are web/lib's format-quantity.ts and format-money.ts).
import type { TStockKind } from '#common/schemas/stock.ts';

export const KIND_LABELS: Record<TStockKind, string> = {
  receive: 'Receive',
  issue: 'Issue',
  move: 'Move',
  adjust: 'Adjust',
  count: 'Count',
  borrow: 'Borrow',
  return: 'Return',
  'build-consume': 'Build consume',
  'build-output': 'Build output',
  'maintenance-issue': 'Maintenance issue',
  scrap: 'Scrap',
  'return-to-supplier': 'Return to supplier',
  reversal: 'Reversal',
};

export const kindLabel = (kind: string) => KIND_LABELS[kind as TStockKind] ?? kind;

/** ", lot L-7" after a place in a toast, or nothing for stock without a lot. */
export const lotSuffix = (lotNumber: string | null | undefined) => (lotNumber ? `, lot ${lotNumber}` : '');
