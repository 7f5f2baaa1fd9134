// "Remove provider" on Admin › Single sign-on (decision 090), after a confirmation that says what follows: nobody
// signs in through the provider any more, accounts stay, a password still works. The server refuses while a domain
// requires single sign-on (its people would have no way in); that refusal is shown in the dialog.
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TSsoProvider } from '#common/schemas/sso.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { deleteSsoProvider, ssoKeys } from './api.ts';

export function RemoveProvider({ provider }: { provider: TSsoProvider }) {
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const remove = useMutation({
    mutationFn: deleteSsoProvider,
    onSuccess: async () => {
      setOpened(false);
      await client.invalidateQueries({ queryKey: ssoKeys.all });
      toast('success', { title: 'Identity provider removed', message: '' });
    },
  });
  const close = () => {
    setOpened(false);
    remove.reset();
  };
  return (
    <>
      <Button variant="subtle" color="red" onClick={() => setOpened(true)}>
        Remove provider
      </Button>
      <Modal opened={opened} onClose={close} title="Remove the identity provider?">
        <Stack>
          <Text size="sm">Removing {provider.issuer}:</Text>
          <List size="sm" spacing="xs">
            <List.Item>Nobody can sign in through it any more, linked people included.</List.Item>
            <List.Item>
              Their accounts stay. Anyone with a password still signs in with it; someone who only used single
              sign-on sets one with "Forgot your password?" on the log-in page.
            </List.Item>
            <List.Item>
              Your domain claims stay. It is refused while a domain requires single sign-on: turn that off
              first.
            </List.Item>
          </List>
          {remove.error ? <ErrorAlert>{messageOf(remove.error)}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
              Remove provider
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
