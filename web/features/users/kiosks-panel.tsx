// Kiosks (decision 083), for admins on /users while the Time area is on: the company's kiosk devices, newest first,
// with when each was last used, and Revoke; and "Set up this device as a kiosk", which keeps the kiosk's key in this
// browser only (the server keeps a digest) and opens /kiosk. Whoever holds the device can move clocks only by badges.
import { Badge, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  KIOSK_KEY_STORAGE,
  type TKiosk,
  type TKioskCreated,
  type TKioskPage,
} from '#common/schemas/kiosks.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { When } from '../../components/when.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';

const PAGE_SIZE = 10;
const kioskKeys = { all: ['kiosks'] as const, page: (page: number) => ['kiosks', 'page', page] as const };

export function KiosksPanel() {
  const client = useQueryClient();
  const list = useListState({ pageSize: PAGE_SIZE });
  const [settingUp, setSettingUp] = useState(false);
  const page = useQuery({
    queryKey: kioskKeys.page(list.page),
    queryFn: ({ signal }) =>
      api<TKioskPage>(`/api/v1/kiosks?page=${list.page}&pageSize=${PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const revoke = useMutation({
    mutationFn: (kiosk: TKiosk) => api<TKiosk>(`/api/v1/kiosks/${kiosk.id}/revoke`, { method: 'POST' }),
    onSuccess: async (kiosk) => {
      await client.invalidateQueries({ queryKey: kioskKeys.all });
      toast('success', { title: 'Kiosk revoked', message: `“${kiosk.name}” moves no clock any more.` });
    },
    onError: (e) =>
      toast('error', { title: 'Not revoked', message: e instanceof ApiError ? e.message : 'Try again.' }),
  });
  const status = (k: TKiosk) =>
    k.revokedAt ? <Badge color="gray">Revoked</Badge> : <Badge color="green">In use</Badge>;
  const action = (k: TKiosk) =>
    k.revokedAt ? null : (
      <Button
        size="xs"
        variant="light"
        color="red"
        aria-label={`Revoke kiosk ${k.name}`}
        loading={revoke.isPending && revoke.variables?.id === k.id}
        onClick={() => revoke.mutate(k)}
      >
        Revoke
      </Button>
    );
  const columns: TListColumn<TKiosk>[] = [
    { id: 'name', header: 'Kiosk', cell: (k) => k.name, cellProps: () => ({ fw: 600 }) },
    { id: 'status', header: 'Status', cell: status },
    { id: 'set', header: 'Set up', cell: (k) => <When at={k.createdAt} show="date" /> },
    { id: 'used', header: 'Last used', cell: (k) => (k.lastUsedAt ? <When at={k.lastUsedAt} /> : 'Never') },
    { id: 'actions', header: 'Actions', headerHidden: true, cell: action },
  ];
  return (
    <Card withBorder mt="xl" component="section" aria-labelledby="kiosks-title">
      <Title order={2} size="h3" id="kiosks-title">
        Kiosks
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A shared tablet where people clock in by scanning their badge, then a job’s label. Set it up signed in
        on that device; print badges from each person’s row above.
      </Text>
      <DataList
        query={page}
        columns={columns}
        rowKey={(k) => k.id}
        label="Kiosks"
        paging={list}
        pagesLabel="Pages of kiosks"
        errorTitle="Kiosks could not be loaded"
        loadingLabel="Loading kiosks"
        summary={{ noun: 'kiosk', empty: 'No kiosks yet.' }}
        card={(k) => (
          <Card component="article" withBorder padding="sm" aria-label={k.name}>
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>{k.name}</Text>
              {status(k)}
            </Group>
            <Group justify="space-between" mt={6} wrap="wrap">
              <Text size="sm">Last used: {k.lastUsedAt ? <When at={k.lastUsedAt} /> : 'never'}</Text>
              {action(k)}
            </Group>
          </Card>
        )}
        actions={<Button onClick={() => setSettingUp(true)}>Set up this device as a kiosk</Button>}
      />
      <SetUpDialog opened={settingUp} onClose={() => setSettingUp(false)} />
    </Card>
  );
}

function SetUpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [made, setMade] = useState<TKioskCreated | null>(null);
  const create = useMutation({
    mutationFn: () => api<TKioskCreated>('/api/v1/kiosks', { method: 'POST', body: { name } }),
    onSuccess: async (answer) => {
      // This device, and only this device, keeps the key: it is never shown again.
      window.localStorage.setItem(KIOSK_KEY_STORAGE, answer.key);
      setMade(answer);
      await client.invalidateQueries({ queryKey: kioskKeys.all });
    },
  });
  const close = () => {
    setName('');
    setMade(null);
    create.reset();
    onClose();
  };
  const fieldError = create.error instanceof ApiError ? create.error.fieldErrors.name : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Modal opened={opened} onClose={close} title="Set up this device as a kiosk">
      {made ? (
        <Stack>
          <Text>
            This device is now the kiosk “{made.kiosk.name}”. Open the kiosk, then sign out: the kiosk works
            without anyone signed in.
          </Text>
          <Button component={Link} to="/kiosk" onClick={close}>
            Open the kiosk
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Set up this device as a kiosk">
          <Stack>
            <Text size="sm" c="dimmed">
              Do this on the tablet itself. Its key stays in this browser; revoking the kiosk stops it at
              once.
            </Text>
            <TextInput
              label="Name"
              description="Where it stands, e.g. Front bench"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fieldError}
            />
            <FormFooter
              error={create.error && !fieldError ? (create.error as Error).message : undefined}
              onCancel={close}
              submitLabel="Set up"
              pending={create.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
