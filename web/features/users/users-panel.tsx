// The company's users for admins: search, filter by status, page on the server, add, edit, re-send invitations.
import { Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TCompanyUser, TUserListQuery } from '#common/schemas/users.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSummary } from '../../components/list-summary.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../auth/session.ts';
import { AddUserDialog } from './add-user-dialog.tsx';
import { listUsers, resendInvitation } from './api.ts';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { ROLE_LABELS } from './role-options.ts';

const PAGE_SIZE = 25;
type TStatus = TUserListQuery['status'];

function StatusBadge({ user }: { user: TCompanyUser }) {
  if (!user.active)
    return (
      <Badge variant="dot" color="gray">
        Inactive
      </Badge>
    );
  if (!user.passwordSet)
    return (
      <Badge variant="dot" color="yellow">
        Invited
      </Badge>
    );
  return (
    <Badge variant="dot" color="green">
      Active
    </Badge>
  );
}

function lastSignIn(user: TCompanyUser): string {
  return user.lastSignInAt ? new Date(user.lastSignInAt).toLocaleString() : 'Never';
}

function money(rate: number): string {
  return `$${rate.toFixed(2)}/h`;
}

export function UsersPanel() {
  const { data: session } = useSession();
  const actor = session?.user;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<TStatus>('all');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TCompanyUser | null>(null);
  const query: TUserListQuery = { page, pageSize: PAGE_SIZE, q, status };

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
  const data = users.data;

  const actions = (user: TCompanyUser) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => setEditing(user)} aria-label={`Edit ${user.email}`}>
        Edit
      </Button>
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
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Search"
            placeholder="Name or e-mail"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 260 }}
          />
          <SegmentedControl
            aria-label="Show"
            value={status}
            onChange={(value) => {
              setStatus(value as TStatus);
              setPage(1);
            }}
            data={[
              { value: 'all', label: 'All' },
              { value: 'active', label: 'Active' },
              { value: 'pending', label: 'Invited' },
              { value: 'inactive', label: 'Inactive' },
            ]}
          />
        </Group>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
          Add user
        </Button>
      </Group>

      <QueryStatus query={users} errorTitle="Users could not be loaded" loadingLabel="Loading users" />

      {data ? (
        <>
          <ListSummary total={data.total} noun="user" empty="No users match." fetching={users.isFetching} />
          <Table.ScrollContainer minWidth={820} visibleFrom="sm">
            <Table striped highlightOnHover aria-label="Users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Rate</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>MFA</Table.Th>
                  <Table.Th>Last sign-in</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      {user.firstName} {user.lastName}
                    </Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{ROLE_LABELS[user.role]}</Table.Td>
                    <Table.Td>{money(user.burdenedLaborRate)}</Table.Td>
                    <Table.Td>
                      <StatusBadge user={user} />
                    </Table.Td>
                    <Table.Td>{user.mfaEnabled ? 'On' : 'Off'}</Table.Td>
                    <Table.Td>{lastSignIn(user)}</Table.Td>
                    <Table.Td>{actions(user)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack hiddenFrom="sm" gap="sm">
            {data.items.map((user) => (
              <Card key={user.id} withBorder padding="sm" aria-label={`${user.firstName} ${user.lastName}`}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>
                      {user.firstName} {user.lastName}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                  </div>
                  <StatusBadge user={user} />
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  {ROLE_LABELS[user.role]} · {money(user.burdenedLaborRate)} · MFA{' '}
                  {user.mfaEnabled ? 'on' : 'off'} · last sign-in {lastSignIn(user)}
                </Text>
                <Group mt="xs">{actions(user)}</Group>
              </Card>
            ))}
          </Stack>
          <ListPagination
            page={page}
            total={data.total}
            pageSize={PAGE_SIZE}
            onChange={setPage}
            label="Pages of users"
          />
        </>
      ) : null}

      <AddUserDialog opened={adding} onClose={() => setAdding(false)} actorRole={actor.role} />
      <EditUserDialog
        user={editing}
        onClose={() => setEditing(null)}
        actorRole={actor.role}
        actorId={actor.id}
      />
    </Stack>
  );
}
