// The company's users for admins: search, filter by status, page on the server, add, edit, set a rate from a date
// (set-rate-dialog.tsx), re-send invitations.
import { Button, Card, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { featureFlagsOf } from '#common/label-config.ts';
import type { TCompanyUser, TUserListItem, TUserListQuery } from '#common/schemas/users.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { When } from '../../components/when.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatMoney } from '../../lib/format-money.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { AddUserDialog } from './add-user-dialog.tsx';
import { listUsers, resendInvitation } from './api.ts';
import { BadgeDialog } from './badge-dialog.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { mfaLabel } from './mfa-label.ts';
import { ROLE_LABELS } from './role-options.ts';
import { SetRateDialog } from './set-rate-dialog.tsx';

const PAGE_SIZE = 25;
type TStatus = TUserListQuery['status'];

/** Inactive first: an inactive user who never set a password is inactive, not invited. */
const userStatus = (user: TCompanyUser) =>
  !user.active ? 'inactive' : user.passwordSet ? 'active' : 'invited';

function lastSignIn(user: TCompanyUser): ReactNode {
  return user.lastSignInAt ? <When at={user.lastSignInAt} /> : 'Never';
}

function money(rate: string): string {
  return `${formatMoney(rate)}/h`;
}

const fullName = (user: TCompanyUser) => `${user.firstName} ${user.lastName}`;

const columns = (actions: (user: TUserListItem) => ReactNode): TListColumn<TUserListItem>[] => [
  { id: 'name', header: 'Name', cell: fullName },
  { id: 'email', header: 'E-mail', cell: (user) => user.email },
  { id: 'role', header: 'Role', cell: (user) => ROLE_LABELS[user.role] },
  { id: 'rate', header: 'Rate', cell: (user) => money(user.burdenedLaborRate) },
  { id: 'status', header: 'Status', cell: (user) => <StatusBadge of="user" status={userStatus(user)} /> },
  { id: 'mfa', header: 'MFA', cell: mfaLabel },
  { id: 'lastSignIn', header: 'Last sign-in', cell: lastSignIn },
  { id: 'actions', header: 'Actions', headerHidden: true, cell: actions },
];

function UserCard({ user, actions }: { user: TUserListItem; actions: ReactNode }) {
  return (
    <Card withBorder padding="sm" aria-label={fullName(user)}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{fullName(user)}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </div>
        <StatusBadge of="user" status={userStatus(user)} />
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {ROLE_LABELS[user.role]} · {money(user.burdenedLaborRate)} · MFA: {mfaLabel(user)} · last sign-in{' '}
        {lastSignIn(user)}
      </Text>
      <Group mt="xs">{actions}</Group>
    </Card>
  );
}

export function UsersPanel() {
  const { data: session } = useSession();
  const actor = session?.user;
  const list = useListState<{ status: TStatus }>({ pageSize: PAGE_SIZE, filters: { status: 'all' } });
  const { status } = list.filters;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TCompanyUser | null>(null);
  const [badgeOf, setBadgeOf] = useState<TCompanyUser | null>(null);
  // Badges are the Time area's kiosks' (decision 083).
  const timeOn = featureFlagsOf(configOf(session)).time;
  const [rating, setRating] = useState<TCompanyUser | null>(null);
  const query: TUserListQuery = { page: list.page, pageSize: PAGE_SIZE, q: list.q, status };

  const users = useQuery({
    queryKey: queryKeys.usersPage(query),
    queryFn: ({ signal }) => listUsers(query, signal),
    placeholderData: keepPreviousData,
  });

  const resend = useMutation({
    mutationFn: (user: TCompanyUser) => resendInvitation(user.id),
    onSuccess: (user) =>
      toast('success', { title: 'Invitation sent again', message: `A new link went to ${user.email}.` }),
    onError: (failure) =>
      toast('error', {
        title: 'Invitation not sent',
        message: failure instanceof ApiError ? failure.message : 'Something went wrong. Try again.',
      }),
  });

  if (!actor) return null;

  const actions = (user: TCompanyUser) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => setEditing(user)} aria-label={`Edit ${user.email}`}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="subtle"
        onClick={() => setRating(user)}
        aria-label={`Set rate from a date for ${user.email}`}
      >
        Set rate
      </Button>
      {timeOn && user.active ? (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => setBadgeOf(user)}
          aria-label={`Badge of ${user.email}`}
        >
          Badge
        </Button>
      ) : null}
      {!user.passwordSet && user.active ? (
        <Button
          size="xs"
          variant="subtle"
          loading={resend.isPending && resend.variables?.id === user.id}
          onClick={() => resend.mutate(user)}
          aria-label={`Send the invitation to ${user.email} again`}
        >
          Resend invite
        </Button>
      ) : null}
    </Group>
  );

  return (
    <>
      <DataList
        query={users}
        columns={columns(actions)}
        rowKey={(user) => user.id}
        label="Users"
        paging={list}
        pagesLabel="Pages of users"
        errorTitle="Users could not be loaded"
        loadingLabel="Loading users"
        summary={{ noun: 'user', empty: 'No users match.' }}
        card={(user) => <UserCard user={user} actions={actions(user)} />}
        minWidth={820}
        toolbar={
          <>
            <TextInput
              label="Search"
              placeholder="Name or e-mail"
              leftSection={<IconSearch size={16} />}
              value={list.search}
              onChange={(e) => list.setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 260 }}
            />
            <SegmentedControl
              aria-label="Show"
              value={status}
              onChange={(value) => list.setFilter('status', value as TStatus)}
              data={[
                { value: 'all', label: 'All' },
                { value: 'active', label: 'Active' },
                { value: 'pending', label: 'Invited' },
                { value: 'inactive', label: 'Inactive' },
              ]}
            />
          </>
        }
        actions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
            Add user
          </Button>
        }
      />
      <BadgeDialog user={badgeOf} onClose={() => setBadgeOf(null)} />
      <AddUserDialog opened={adding} onClose={() => setAdding(false)} actorRole={actor.role} />
      <EditUserDialog
        user={editing}
        onClose={() => setEditing(null)}
        actorRole={actor.role}
        actorId={actor.id}
      />
      <SetRateDialog user={rating} onClose={() => setRating(null)} />
    </>
  );
}
