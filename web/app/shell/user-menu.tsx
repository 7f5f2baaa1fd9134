// The user menu of the desktop bar: who is signed in, their company and role, password and two-factor settings,
// and logout.
import { Avatar, Button, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { displayName } from '#common/nav.ts';
import type { TUserProfile } from '#common/schemas/session.ts';
import { usePasskeysDialog } from '../../features/auth/passkeys/use-passkeys-dialog.tsx';
import { useSignInMethodsDialog } from '../../features/auth/sign-in-methods/use-sign-in-methods-dialog.tsx';
import { useSignOut } from '../../lib/session.ts';

// Loaded when opened: it carries the QR code library.
const TwoFactorDialog = lazy(() =>
  import('../../features/auth/components/two-factor-dialog.tsx').then((m) => ({
    default: m.TwoFactorDialog,
  })),
);

// Loaded when opened, like the two-factor dialog: most visits never change a password.
const ChangePasswordDialog = lazy(() =>
  import('../../features/auth/components/change-password-dialog.tsx').then((m) => ({
    default: m.ChangePasswordDialog,
  })),
);

function initialsOf(user: TUserProfile): string {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (initials || user.email.charAt(0)).toUpperCase();
}

/** Opens the two-factor dialog; shared by the desktop user menu and the mobile menu. */
export function useTwoFactorDialog(user: TUserProfile) {
  const [opened, dialog] = useDisclosure(false);
  const element = opened ? (
    <Suspense fallback={null}>
      <TwoFactorDialog opened={opened} onClose={dialog.close} enabled={user.mfaEnabled} />
    </Suspense>
  ) : null;
  return { open: dialog.open, element };
}

/** Opens the change-password dialog; shared by the desktop user menu and the mobile menu. */
export function useChangePasswordDialog() {
  const [opened, dialog] = useDisclosure(false);
  const element = opened ? (
    <Suspense fallback={null}>
      <ChangePasswordDialog opened={opened} onClose={dialog.close} />
    </Suspense>
  ) : null;
  return { open: dialog.open, element };
}

export function UserMenu({ user }: { user: TUserProfile }) {
  const signOut = useSignOut();
  const twoFactor = useTwoFactorDialog(user);
  const changePassword = useChangePasswordDialog();
  const passkeys = usePasskeysDialog();
  const signInMethods = useSignInMethodsDialog({ fromLinkReturn: true });
  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            color="dark"
            leftSection={
              <Avatar size="sm" color="forge">
                {initialsOf(user)}
              </Avatar>
            }
            aria-label="User menu"
          >
            <Text size="sm" maw={160} truncate="end">
              {displayName(user)}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {user.company} · {user.role}
          </Menu.Label>
          <Menu.Item disabled>{user.email}</Menu.Item>
          <Menu.Divider />
          <Menu.Item onClick={changePassword.open}>Change password</Menu.Item>
          <Menu.Item onClick={twoFactor.open}>
            Two-factor authentication: {user.mfaEnabled ? 'on' : 'off'}
          </Menu.Item>
          <Menu.Item onClick={passkeys.open}>Passkeys</Menu.Item>
          <Menu.Item onClick={signInMethods.open}>Sign-in methods</Menu.Item>
          {/* Text colour only: Mantine writes a coloured item in shade 6 (3.3:1 on white); red.9 reads on the hover
              grey too. */}
          <Menu.Item c="red.9" onClick={() => void signOut()}>
            Log out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {changePassword.element}
      {twoFactor.element}
      {passkeys.element}
      {signInMethods.element}
    </>
  );
}
