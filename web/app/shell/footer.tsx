// The footer of every page: the three legal pages and the copyright line.
import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function Footer() {
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-gray-3)', marginTop: 'auto' }}>
      <Container size="lg" py="md">
        <Group justify="space-between" gap="sm">
          <Group gap="md" component="nav" aria-label="Legal">
            <Anchor component={Link} to="/privacy-policy" size="sm" c="gray.8">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/terms-of-service" size="sm" c="gray.8">
              Terms of Service
            </Anchor>
            <Anchor component={Link} to="/cookie-policy" size="sm" c="gray.8">
              Cookie Policy
            </Anchor>
          </Group>
          <Text size="sm" c="gray.8">
            © {new Date().getFullYear()} Forgeboard. All rights reserved.
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
