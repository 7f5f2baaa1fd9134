// The user menu of the desktop bar: who is signed in, their company and role, and logout.
import { Avatar, Button, Menu, Text } from '@mantine/core';
import { displayName } from '#common/nav.ts';
import type { TUserProfile } from '#common/schemas/session.ts';
import { useSignOut } from '../../features/auth/session.ts';

function initialsOf(user: TUserProfile): string {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (initials || user.email.charAt(0)).toUpperCase();
}

export function UserMenu({ user }: { user: TUserProfile }) {
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
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
        <Menu.Item color="red" onClick={() => void signOut()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
