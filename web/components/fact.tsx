// One labelled fact on a detail page or in a details dialog: a small dimmed capital label above its value, the value
// wrapping anywhere so a long name or serial number never widens a phone's screen.
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
