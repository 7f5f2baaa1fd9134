// INTERFACE PLACEHOLDER (replaced by the borrowing work in this session): check an item out to a person or a job.
import type { TItem } from '#common/schemas/inventory-setup.ts';

export interface TBorrowDialogProps {
  opened: boolean;
  onClose: () => void;
  item: TItem;
  /** Preselected source location and lot (e.g. from a balance row or a scan). */
  locationId?: string | null;
  lotId?: string | null;
}

export function BorrowDialog(_props: TBorrowDialogProps) {
  return null;
}
