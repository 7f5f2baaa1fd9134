// "Post count" and "Cancel count" (admins), each confirmed first: posting says how many lines change stock and how
// many are uncounted (left as they are); cancelling posts nothing. Refusals say what to do (e.g. recount a line).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCountSession } from '#common/schemas/stock-check.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { formatSignedMoney } from '../../lib/format-money.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { cancelCount, postCount } from './api.ts';
import { countName } from './format.ts';

const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

export function CloseCountDialog({
  session,
  action,
  onClose,
}: {
  session: TCountSession;
  action: 'post' | 'cancel' | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.stockChecks });
    // Posting changes stock: balances, the stock list and item pages refresh.
    void queryClient.invalidateQueries({ queryKey: queryKeys.items });
    void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
  };
  const post = useMutation({
    mutationFn: () => postCount(session.id),
    onSuccess: (result) => {
      refresh();
      toast('success', {
        title: `${countName(result.session)} posted`,
        message: `${result.changedLines === 0 ? 'No line differed: stock is unchanged' : `${lines(result.changedLines)} changed stock`}${result.uncountedLines > 0 ? `; ${lines(result.uncountedLines)} not counted were left as they were` : ''}.`,
      });
      onClose();
    },
    onError: (failure) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.stockCheck(session.id) });
      toast('error', { title: 'The count was not posted', message: messageOf(failure) });
      onClose();
    },
  });
  const cancel = useMutation({
    mutationFn: () => cancelCount(session.id),
    onSuccess: (cancelled) => {
      refresh();
      toast('success', { title: `${countName(cancelled)} cancelled`, message: 'Nothing was posted.' });
      onClose();
    },
    onError: (failure) => {
      toast('error', { title: 'The count was not cancelled', message: messageOf(failure) });
      onClose();
    },
  });

  const changing = session.variances ?? 0;
  const uncounted = session.lines - session.counted;
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action === 'post' ? `Post ${countName(session)}?` : `Cancel ${countName(session)}?`}
    >
      {action === 'post' ? (
        <Stack>
          <Text>
            {changing === 0
              ? 'No counted line differs from the books: posting closes the count and changes no stock.'
              : `${lines(changing)} will change stock (net ${formatSignedMoney(session.varianceValue ?? '0')} at unit cost), as one count transaction.`}
          </Text>
          <Text>
            {uncounted === 0
              ? 'Every line is counted.'
              : `${lines(uncounted)} ${uncounted === 1 ? 'is' : 'are'} not counted: ${uncounted === 1 ? 'its' : 'their'} stock stays as it is.`}
          </Text>
          <Text size="sm" c="dimmed">
            A posted count cannot be changed; a wrong posting is undone by reversing its transaction.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep counting
            </Button>
            <Button onClick={() => post.mutate()} loading={post.isPending} data-autofocus>
              Post count
            </Button>
          </Group>
        </Stack>
      ) : action === 'cancel' ? (
        <Stack>
          <Text>
            Nothing is posted. The counts stay as a record; this count can no longer be counted or posted.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Keep counting
            </Button>
            <Button color="red" onClick={() => cancel.mutate()} loading={cancel.isPending}>
              Cancel count
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
