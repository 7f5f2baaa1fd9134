// The person's passkeys (decision 089): what a passkey is, the list (paged on the server), adding one under a name
// (the browser asks for the device's PIN or biometrics), renaming one, and removing one after a confirmation.
import { Button, Group, Modal, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type TPasskey, ZPasskeyNameSchema } from '#common/schemas/passkeys.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { When } from '../../../components/when.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { addPasskey, ceremonyMessage, listPasskeys, removePasskey } from './api.ts';
import { RenamePasskeyDialog } from './rename-passkey-dialog.tsx';

const PAGE_SIZE = 10;

const failureText = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : ceremonyMessage(failure);

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: TPasskey;
  onRename: (passkey: TPasskey) => void;
  onRemove: (passkey: TPasskey) => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" component="li">
      <div style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {passkey.name}
        </Text>
        <Text size="sm" c="dimmed">
          Added <When at={passkey.createdAt} /> ·{' '}
          {passkey.backedUp ? 'Synced between devices' : 'This device only'}
        </Text>
        <Text size="sm" c="dimmed">
          {passkey.lastUsedAt ? (
            <>
              Last used <When at={passkey.lastUsedAt} />
            </>
          ) : (
            'Not used to sign in yet'
          )}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          onClick={() => onRename(passkey)}
          aria-label={`Rename ${passkey.name}`}
        >
          Rename
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red.9"
          onClick={() => onRemove(passkey)}
          aria-label={`Remove ${passkey.name}`}
        >
          Remove
        </Button>
      </Group>
    </Group>
  );
}

export function PasskeysDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<TPasskey | null>(null);
  const [removing, setRemoving] = useState<TPasskey | null>(null);
  const query = { page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: queryKeys.passkeysPage(query),
    queryFn: ({ signal }) => listPasskeys(query, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys });

  const add = useMutation({
    mutationFn: (chosen: string) => addPasskey(chosen),
    onSuccess: async (passkey) => {
      setName('');
      setPage(1);
      await refresh();
      toast('success', { title: 'Passkey added', message: `You can sign in with “${passkey.name}” now.` });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.fieldErrors?.name) setNameError(failure.fieldErrors.name);
      else toast('error', { title: 'Passkey not added', message: failureText(failure) });
    },
  });
  const remove = useMutation({
    mutationFn: (passkey: TPasskey) => removePasskey(passkey.id),
    onSuccess: async (_done, passkey) => {
      setRemoving(null);
      await refresh();
      toast('success', { title: 'Passkey removed', message: `“${passkey.name}” no longer signs you in.` });
    },
    onError: (failure) => toast('error', { title: 'Passkey not removed', message: failureText(failure) }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZPasskeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Give the passkey a name');
      return;
    }
    setNameError(null);
    add.mutate(parsed.data);
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Modal opened={opened} onClose={onClose} title="Passkeys" size="lg">
      <Stack gap="md">
        <Text size="sm">
          A passkey signs you in with this device’s screen lock (a PIN, fingerprint or face) instead of your
          password. It also counts as your second factor: with a passkey you need no code from an
          authenticator app.
        </Text>
        <form onSubmit={submit} noValidate aria-label="Add a passkey">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Name for the new passkey"
              description="So you can tell your passkeys apart, e.g. “Work laptop”"
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" loading={add.isPending}>
              Add a passkey
            </Button>
          </Group>
        </form>
        {list.isError ? (
          <ErrorAlert>Your passkeys could not be loaded. Close this and try again.</ErrorAlert>
        ) : data && data.total === 0 ? (
          <Text size="sm" c="dimmed">
            You have no passkeys yet.
          </Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            aria-label="Your passkeys"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {data?.items.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRename={setRenaming} onRemove={setRemoving} />
            ))}
          </Stack>
        )}
        {pages > 1 ? (
          <Pagination
            value={page}
            onChange={setPage}
            total={pages}
            aria-label="Pages of passkeys"
            getControlProps={(control) => ({ 'aria-label': `${control} page of passkeys` })}
          />
        ) : null}
      </Stack>
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove this passkey?">
        <Stack gap="sm">
          <Text size="sm">
            “{removing?.name}” will no longer sign you in. Remove it from the device’s password manager too.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Keep it
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() => removing && remove.mutate(removing)}
            >
              Remove passkey
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal>
  );
}
