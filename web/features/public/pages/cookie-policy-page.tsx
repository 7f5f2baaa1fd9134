// /cookie-policy: the one cookie and the local storage entries Forgeboard uses, and how to change the choice.
import { Anchor, Badge, Box, Code, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { ConsentChoice } from '../components/consent-choice.tsx';
import { LegalList, LegalPage, MailLink, type TLegalSection } from '../components/legal-page.tsx';

interface TStorageEntry {
  name: string;
  kind: 'Cookie' | 'Local storage';
  category: 'Essential' | 'Preference';
  purpose: string;
  duration: string;
}

const SESSION_COOKIE: TStorageEntry = {
  name: 'fb_session',
  kind: 'Cookie',
  category: 'Essential',
  purpose:
    'Keeps you signed in. Signed by the server so it cannot be forged, http-only so page scripts cannot read it, sent only to Forgeboard.',
  duration: '12 hours, or until you log out',
};

const LOCAL_STORAGE: readonly TStorageEntry[] = [
  {
    name: STORAGE_KEYS.cookieConsent,
    kind: 'Local storage',
    category: 'Essential',
    purpose:
      'Remembers whether you accepted or declined analytics, so the banner does not ask on every visit.',
    duration: 'Until you clear it',
  },
  {
    name: STORAGE_KEYS.lastLoginEmail,
    kind: 'Local storage',
    category: 'Preference',
    purpose: 'The e-mail address you last signed in with, to fill in the sign-in and verification forms.',
    duration: 'Until you clear it',
  },
  {
    name: STORAGE_KEYS.userData,
    kind: 'Local storage',
    category: 'Essential',
    purpose: 'A copy of your profile (name, role, company) so pages open without waiting for the server.',
    duration: 'Until you log out',
  },
  {
    name: STORAGE_KEYS.lastRoute,
    kind: 'Local storage',
    category: 'Preference',
    purpose: 'The last page you used in the app, so signing in takes you back to it.',
    duration: 'Until you clear it; replaced as you move around',
  },
];

function StorageEntryCard({ entry }: { entry: TStorageEntry }) {
  return (
    <Paper withBorder p="md">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Code fz="sm" fw={700}>
          {entry.name}
        </Code>
        <Badge variant="light" color={entry.category === 'Essential' ? 'forge' : 'teal'} c="gray.9">
          {entry.category}
        </Badge>
      </Group>
      <Box component="dl" m={0} mt="sm">
        <Text component="dt" fw={700} size="sm">
          Type
        </Text>
        <Text component="dd" m={0} mb="xs" size="sm">
          {entry.kind}
        </Text>
        <Text component="dt" fw={700} size="sm">
          Purpose
        </Text>
        <Text component="dd" m={0} mb="xs" size="sm">
          {entry.purpose}
        </Text>
        <Text component="dt" fw={700} size="sm">
          Kept for
        </Text>
        <Text component="dd" m={0} size="sm">
          {entry.duration}
        </Text>
      </Box>
    </Paper>
  );
}

const SECTIONS: readonly TLegalSection[] = [
  {
    id: 'what-this-covers',
    title: 'What this policy covers',
    body: (
      <Text>
        Cookies are small files a website asks your browser to keep; local storage is a similar store that
        only the website’s own pages can read. This policy lists every cookie and local storage entry
        Forgeboard uses. All of them are first-party: they belong to the Forgeboard site you are on, and no
        advertising, social media or third-party analytics service sets cookies or reads storage through
        Forgeboard.
      </Text>
    ),
  },
  {
    id: 'essential-cookie',
    title: 'The essential cookie',
    body: (
      <>
        <Text>
          Forgeboard sets a single cookie, and only when you sign in. Without it you could not stay signed in,
          so it does not need your consent.
        </Text>
        <StorageEntryCard entry={SESSION_COOKIE} />
      </>
    ),
  },
  {
    id: 'local-storage',
    title: 'Local storage',
    body: (
      <>
        <Text>
          These entries stay in your browser; they are never sent to the server as cookies are. None of them
          tracks you across websites.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {LOCAL_STORAGE.map((entry) => (
            <StorageEntryCard key={entry.name} entry={entry} />
          ))}
        </SimpleGrid>
      </>
    ),
  },
  {
    id: 'analytics',
    title: 'Analytics and your consent',
    body: (
      <>
        <Text>
          Forgeboard sets no analytics cookies. If you accept analytics in the cookie banner, the app records
          a few first-party usage events (page views, sign-ins, scan results and the number of labels printed)
          on the Forgeboard server, to learn which features help and which need work. If you decline, or make
          no choice, none are recorded. What happens to these events is described in the{' '}
          <Anchor component={Link} to="/privacy-policy" underline="always">
            Privacy Policy
          </Anchor>
          .
        </Text>
      </>
    ),
  },
  {
    id: 'change-your-choice',
    title: 'Changing or withdrawing your consent',
    body: (
      <>
        <Text>
          You can change your mind at any time, and withdrawing consent is as easy as giving it: use the
          buttons below.
        </Text>
        <ConsentChoice />
        <Text>You can also:</Text>
        <LegalList
          items={[
            <>
              delete the <Code>{STORAGE_KEYS.cookieConsent}</Code> entry in your browser’s site data (in most
              browsers: site settings, or the developer tools’ Application or Storage panel). The cookie
              banner then appears again and asks for your choice;
            </>,
            'clear all site data for Forgeboard, which also signs you out.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'browser-settings',
    title: 'Blocking cookies in your browser',
    body: (
      <Text>
        You can block or delete cookies in your browser settings. If you block the <Code>fb_session</Code>{' '}
        cookie you can still read the public pages, but you cannot sign in. If local storage is blocked,
        Forgeboard still works; it just cannot remember your choices between visits.
      </Text>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <Text>
        If we add a cookie or storage entry, we will list it here and update the effective date before we use
        it. Any new entry that is not essential will need your consent.
      </Text>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <Text>
        Questions about cookies or storage: <MailLink />.
      </Text>
    ),
  },
];

export default function CookiePolicyPage() {
  return (
    <LegalPage
      title="Cookie Policy"
      summary="The one cookie and the few browser storage entries Forgeboard uses, why, for how long, and how to change your choice."
      sections={SECTIONS}
    />
  );
}
