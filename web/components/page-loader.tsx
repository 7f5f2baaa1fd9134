// The spinner with SPEC.md's "Loading..." text, shown while the session or a page resolves.
import { Center, Loader, Stack, Text } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}
