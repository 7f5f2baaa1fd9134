// The menu under 768 px: welcome block, every section with its pages, account settings, logout; it scrolls within
// 80vh - 60px.
import { Box, Button, Divider, NavLink, Paper, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { displayName, firstPageOf, isActivePage, type TNavSection } from '#common/nav.ts';
import type { TUserProfile } from '#common/schemas/session.ts';
import { usePasskeysDialog } from '../../features/auth/passkeys/use-passkeys-dialog.tsx';
import { useSignInMethodsDialog } from '../../features/auth/sign-in-methods/use-sign-in-methods-dialog.tsx';
import { useSignOut } from '../../lib/session.ts';
import { useChangePasswordDialog, useTwoFactorDialog } from './user-menu.tsx';

/** SPEC.md: the menu is at most 80% of the viewport minus 60 px tall. */
export const MOBILE_MENU_MAX_HEIGHT = 'calc(80vh - 60px)';

interface TProps {
  user: TUserProfile;
  sections: readonly TNavSection[];
  current: TNavSection | null;
  onClose: () => void;
}

export function MobileMenu({ user, sections, current, onClose }: TProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const twoFactor = useTwoFactorDialog(user);
  const changePassword = useChangePasswordDialog();
  const passkeys = usePasskeysDialog();
  const signInMethods = useSignInMethodsDialog({ fromLinkReturn: false });
  return (
    <Paper
      id="mobile-menu"
      hiddenFrom="sm"
      shadow="md"
      radius={0}
      p="sm"
      data-testid="mobile-menu"
      style={{ maxHeight: MOBILE_MENU_MAX_HEIGHT, overflowY: 'auto' }}
    >
      <Box px="xs" pb="xs">
        <Text size="sm" c="dimmed">
          Welcome,
        </Text>
        <Text fw={700} data-testid="welcome-name">
          {displayName(user)}
        </Text>
        <Text size="xs" c="dimmed">
          {user.company} · {user.role}
        </Text>
      </Box>
      <Divider mb="xs" />
      <Stack component="nav" aria-label="Menu" gap={2}>
        {sections.map((section) => (
          <Box key={section.id}>
            {/* A button: without a link to follow, NavLink's default <a> is neither focusable nor named as a control. */}
            <NavLink
              component="button"
              type="button"
              label={section.label}
              fw={700}
              active={section.id === current?.id}
              aria-current={section.id === current?.id ? 'true' : undefined}
              variant="subtle"
              onClick={() => {
                onClose();
                navigate(firstPageOf(section) ?? pathname);
              }}
            />
            {section.pages.length === 0 ? (
              <Text size="sm" c="dimmed" pl="xl" py={4}>
                Coming soon
              </Text>
            ) : (
              section.pages.map((page) => {
                const active = isActivePage(page.to, pathname, search);
                return (
                  <NavLink
                    key={page.to}
                    component={Link}
                    to={page.to}
                    label={page.label}
                    pl="xl"
                    active={active}
                    variant="filled"
                    aria-current={active ? 'page' : undefined}
                    onClick={onClose}
                  />
                );
              })
            )}
          </Box>
        ))}
      </Stack>
      <Divider my="xs" />
      <Button fullWidth variant="default" mb="xs" onClick={changePassword.open}>
        Change password
      </Button>
      <Button fullWidth variant="default" mb="xs" onClick={twoFactor.open}>
        Two-factor authentication: {user.mfaEnabled ? 'on' : 'off'}
      </Button>
      <Button fullWidth variant="default" mb="xs" onClick={passkeys.open}>
        Passkeys
      </Button>
      <Button fullWidth variant="default" mb="xs" onClick={signInMethods.open}>
        Sign-in methods
      </Button>
      <Button fullWidth variant="light" color="red" onClick={() => void signOut()}>
        Log out
      </Button>
      {changePassword.element}
      {twoFactor.element}
      {passkeys.element}
      {signInMethods.element}
    </Paper>
  );
}
