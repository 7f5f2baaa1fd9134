// The page for any path the app does not know: SPEC.md's "Oops! Page not found." and a way home.
import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconMapPinQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" c="forge.8" aria-hidden>
          <IconMapPinQuestion size={40} />
        </ThemeIcon>
        <Text fw={700} c="gray.7" fz="sm" tt="uppercase">
          Error 404
        </Text>
        <Title order={1}>Oops! Page not found.</Title>
        <Text size="lg" maw={460}>
          The page you are looking for does not exist or has moved. Check the address, or start again from the
          home page.
        </Text>
        <Button component={Link} to="/" size="md" leftSection={<IconHome size={18} aria-hidden />}>
          Return to Home
        </Button>
      </Stack>
    </Container>
  );
}
