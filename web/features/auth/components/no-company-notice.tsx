// A verified account whose company could not be set up (its name was taken between sign-up and verification).
import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import { useSignOut } from '../../../lib/session.ts';

export function NoCompanyNotice() {
  const signOut = useSignOut();
  return (
    <Container size={520} py="xl">
      <Alert color="green" title={AUTH_MESSAGES.accountVerified.title} role="status">
        <Stack gap="sm">
          <Text size="sm">
            Your e-mail address is verified, but your company could not be set up: another company took the
            same name before you confirmed. Ask your company's Forgeboard admin to invite you, or contact
            support to choose a new company name.
          </Text>
          <Button variant="default" onClick={() => void signOut()} style={{ alignSelf: 'flex-start' }}>
            Log out
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
