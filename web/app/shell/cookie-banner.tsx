// The cookie banner: shown until the visitor accepts or declines; the choice is kept under cookie-consent.
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { setConsent, useConsent } from '../../lib/consent.ts';

function PolicyLink() {
  return (
    <Anchor component={Link} to="/cookie-policy" underline="always" fz="inherit">
      Cookie Policy
    </Anchor>
  );
}

export function CookieBanner() {
  const consent = useConsent();
  if (consent !== null) return null;
  return (
    <Paper
      role="region"
      aria-label="Cookie consent"
      shadow="md"
      p={{ base: 'xs', sm: 'md' }}
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
      {/* On a phone the full wording took a quarter of the screen: the same facts, shorter, in smaller type, with
          the policy link beside the buttons rather than on a line of its own. */}
      <Text size="sm" mb="sm" visibleFrom="sm">
        We use essential cookies to keep you signed in. With your consent we also count page views and feature
        use, first-party only, to improve Forgeboard. Read the <PolicyLink />.
      </Text>
      <Text size="xs" mb="xs" hiddenFrom="sm">
        Essential cookies keep you signed in. With your consent we also count page views, first-party only.
      </Text>
      <Group justify="flex-end" gap="sm" wrap="nowrap">
        <Text size="xs" hiddenFrom="sm" mr="auto">
          <PolicyLink />
        </Text>
        <Button variant="default" onClick={() => setConsent('declined')}>
          Decline
        </Button>
        <Button onClick={() => setConsent('accepted')}>Accept</Button>
      </Group>
    </Paper>
  );
}
