// What a dashboard section shows while it loads.
import { Group, Loader, Text } from '@mantine/core';

export function SectionLoading({ what }: { what: string }) {
  return (
    <Group gap="xs" role="status" aria-live="polite" py="sm">
      <Loader size="sm" aria-hidden />
      <Text size="sm" c="dimmed">
        Loading {what}…
      </Text>
    </Group>
  );
}
