// The visitor's cookie choice on the Cookie Policy, with buttons to change it or clear it (the banner returns).
import { Button, Group, Paper, Text } from '@mantine/core';
import { setConsent, useConsent } from '../../../lib/consent.ts';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';

const CHOICE_TEXT = {
  accepted: 'You accepted analytics. First-party usage events are recorded.',
  declined: 'You declined analytics. No usage events are recorded.',
  none: 'You have not made a choice yet, so no usage events are recorded. The cookie banner is showing.',
} as const;

/** Removes the stored choice so the cookie banner asks again. */
function clearConsent(): void {
  writeStorage(STORAGE_KEYS.cookieConsent, null);
  // consent.ts re-reads the choice on a storage event for its key; other tabs get one from the browser,
  // this tab needs its own so the banner reappears without a reload.
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cookieConsent }));
}

export function ConsentChoice() {
  const consent = useConsent();
  return (
    <Paper withBorder p="md" role="group" aria-labelledby="consent-choice-title">
      <Text id="consent-choice-title" fw={700}>
        Your choice in this browser
      </Text>
      <Text mt={4} mb="sm" aria-live="polite">
        {CHOICE_TEXT[consent ?? 'none']}
      </Text>
      <Group gap="sm">
        <Button variant="default" onClick={() => setConsent('declined')} disabled={consent === 'declined'}>
          Decline analytics
        </Button>
        <Button variant="default" onClick={() => setConsent('accepted')} disabled={consent === 'accepted'}>
          Accept analytics
        </Button>
        <Button variant="subtle" onClick={clearConsent} disabled={consent === null}>
          Clear my choice
        </Button>
      </Group>
    </Paper>
  );
}
