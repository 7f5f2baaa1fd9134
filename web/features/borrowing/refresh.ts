// What a lend or a return changes on screen: the borrowing lists, and every view of stock (the items' balances,
// the stock list, the ledger, lots), whichever feature owns the query.
import type { QueryClient } from '@tanstack/react-query';

/** First segments of the query keys that show stock or borrowings. */
const STOCK_VIEWS = new Set(['borrowings', 'items', 'stock', 'stock-checks', 'locations']);

export async function refreshAfterStockChange(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ predicate: (q) => STOCK_VIEWS.has(String(q.queryKey[0])) });
}
