// The item of a count line as the count and its review show it: part number (with "Found" for a line added while
// counting) over the item's name.
import { Badge, Text } from '@mantine/core';
import type { TCountLine } from '#common/schemas/stock-check.ts';

export function LineItemCell({ line }: { line: Pick<TCountLine, 'partNumber' | 'itemName' | 'added'> }) {
  return (
    <>
      <Text fw={600} size="sm">
        {line.partNumber}
        {line.added ? (
          <Badge ml={6} size="xs" variant="light" color="grape">
            Found
          </Badge>
        ) : null}
      </Text>
      <Text size="xs" c="dimmed">
        {line.itemName}
      </Text>
    </>
  );
}
