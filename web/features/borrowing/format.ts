// Display helpers of borrowing: who did it, and the toasts' sentences.
import { borrowerLabel, type TBorrowing } from '#common/schemas/borrowing.ts';

/** "Ada Admin <ada@x.example>" (how the ledger names people) → "Ada Admin". */
export function nameOnly(actorName: string): string {
  return actorName.replace(/\s*<[^>]*>$/, '') || actorName;
}

/** "Lent 2 ea of P-100 to Ana Diaz, due 2026-12-01" */
export function lentMessage(b: TBorrowing): string {
  return `Lent ${b.quantity} ${b.unitOfMeasure} of ${b.partNumber} to ${borrowerLabel(b)}, due ${b.dueOn}`;
}

/** "Took back 1 ea of P-100 from Ana Diaz: all back" */
export function returnedMessage(b: TBorrowing, quantity: string): string {
  const rest = b.closedAt ? 'everything is back' : `${b.outstanding} ${b.unitOfMeasure} still out`;
  return `Took back ${quantity} ${b.unitOfMeasure} of ${b.partNumber} from ${borrowerLabel(b)}: ${rest}`;
}
