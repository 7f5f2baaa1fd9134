// What a shop-floor posting changes beyond the run itself: stock (list, balances, lots, genealogy) and the work
// order screens, refreshed by their key prefixes.
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';

export async function refreshAfterPosting(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.stock() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.items }),
    queryClient.invalidateQueries({ queryKey: ['work-orders'], refetchType: 'none' }),
  ]);
}
