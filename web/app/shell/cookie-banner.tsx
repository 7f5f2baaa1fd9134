// The cookie banner: shown until the visitor accepts or declines; the choice is kept under cookie-consent.
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { setConsent, useConsent } from '../../lib/consent.ts';

export function CookieBanner() {
  const consent = useConsent();
  if (consent !== null) return null;
  return (
    <Paper
      role="region"
      aria-label="Cookie consent"
      shadow="md"
      p="md"
      withBorder
      style={{
        position: 'fixed',
        left: 12,
        right: 12,
        bottom: 12,
        zIndex: 150, // under dialogs (Mantine's modals sit at 200), above the page
        maxWidth: 720,
        marginInline: 'auto',
      }}
    >
      <Text size="sm" mb="sm">
        We use essential cookies to keep you signed in. With your consent we also count page views and feature
        use, first-party only, to improve Forgeboard. Read the{' '}
        <Anchor component={Link} to="/cookie-policy" underline="always">
          Cookie Policy
        </Anchor>
        .
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => setConsent('declined')}>
          Decline
        </Button>
        <Button onClick={() => setConsent('accepted')}>Accept</Button>
      </Group>
    </Paper>
  );
}
