// INTERFACE PLACEHOLDER (replaced by the borrowing work in this session): the "Borrowed" tab of /inventory.
export function BorrowedPanel() {
  return null;
}
