// The spinner with SPEC.md's "Loading..." text, shown while the session or a page resolves.
import { Center, Loader, Stack, Text } from '@mantine/core';

/**
 * `tall`: the loader takes the whole screen, for a long page that is often the first one drawn (/help after
 * sign-in): the footer then starts below the fold and is not pushed down when the page arrives (a layout shift).
 */
export function PageLoader({ tall = false }: { tall?: boolean }) {
  return (
    <Center mih={tall ? '100vh' : '50vh'} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}
