// The line above a paged list that says how many rows match (or, for none, what that means and what to do), read
// out when it changes.
import { Text } from '@mantine/core';

export function ListSummary({
  total,
  noun,
  plural = `${noun}s`,
  empty,
  detail = '',
  fetching,
}: {
  total: number;
  /** What one row is, e.g. "item": "1 item", "3 items". */
  noun: string;
  plural?: string;
  /** Shown instead of the count when nothing matches. */
  empty: string;
  /** Said after the count, e.g. " · today is 2025-03-01". */
  detail?: string;
  /** A newer page is on its way: " — updating…" after the count. */
  fetching?: boolean;
}) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {total === 0
        ? empty
        : `${total} ${total === 1 ? noun : plural}${detail}${fetching ? ' — updating…' : ''}`}
    </Text>
  );
}
