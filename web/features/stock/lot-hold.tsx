// A lot's hold on its page (decision 070): on hold, it says why, since when and by whom, and an admin may release it;
// free, anyone may put it on hold with a reason. While held, the server refuses to issue, move, consume or lend it.
// Shown only while the company's Quality area is on (the hold routes belong to it).
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { heldLotWaiting } from '#common/quality/lot-hold-waits.ts';
import { hasRole } from '#common/roles.ts';
import { type TLotHoldResult, ZLotHoldSchema } from '#common/schemas/lot-holds.ts';
import type { TLotDetail } from '#common/schemas/lots.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { When } from '../../components/when.tsx';
import { api } from '../../lib/api-client.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { refreshStock } from './use-stock-posting.ts';

type TAction = 'hold' | 'release';

const WORDS: Record<TAction, { title: string; submit: string; done: string; explain: string }> = {
  hold: {
    title: 'Put this lot on hold',
    submit: 'Put on hold',
    done: 'Lot on hold',
    explain:
      'While it is on hold, nobody can issue, move, consume or lend it. Counts and adjustments still work.',
  },
  release: {
    title: 'Release this lot',
    submit: 'Release',
    done: 'Lot released',
    explain: 'Released, the lot can be issued, moved, consumed and lent again.',
  },
};

const postHold = (lotId: string, action: TAction, reason: string) =>
  api<TLotHoldResult>(`/api/v1/lots/${encodeURIComponent(lotId)}/${action}`, {
    method: 'POST',
    body: { reason },
  });

export function LotHold({ lot }: { lot: TLotDetail }) {
  const { data: session } = useSession();
  const [action, setAction] = useState<TAction | null>(null);
  if (!configOf(session).enableQualityFeature) return null;
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const { hold } = lot;
  const waiting = lot.holdFacts ? heldLotWaiting(lot.holdFacts, lot.item.unitOfMeasure) : null;
  return (
    <>
      {hold ? (
        <Alert color="red" title="On hold" role="status">
          <Stack gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {hold.reason} — {hold.heldBy}, <When at={hold.heldAt} show="dateTime" />. It cannot be issued,
              moved, consumed or lent until it is released.
            </Text>
            {waiting ? (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {waiting}
              </Text>
            ) : null}
            {isAdmin ? (
              <Group>
                <Button variant="default" onClick={() => setAction('release')}>
                  Release…
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Alert>
      ) : (
        <Group>
          <Button variant="default" color="red" onClick={() => setAction('hold')}>
            Put on hold…
          </Button>
        </Group>
      )}
      <Modal
        opened={action !== null}
        onClose={() => setAction(null)}
        title={action ? WORDS[action].title : ''}
      >
        {action ? <HoldForm lot={lot} action={action} onClose={() => setAction(null)} /> : null}
      </Modal>
    </>
  );
}

function HoldForm({ lot, action, onClose }: { lot: TLotDetail; action: TAction; onClose: () => void }) {
  const queryClient = useQueryClient();
  const words = WORDS[action];
  const form = useContractForm({
    schema: ZLotHoldSchema,
    initialValues: { reason: '' },
    toBody: (values) => ({ reason: values.reason.trim() }),
  });
  const change = useMutation({
    mutationFn: (body: { reason: string }) => postHold(lot.id, action, body.reason),
    onSuccess: async () => {
      await refreshStock(queryClient);
      toast('success', { title: words.done, message: `Lot ${lot.lotNumber} of ${lot.item.partNumber}.` });
      onClose();
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => change.mutate(body))} noValidate aria-label={words.title}>
      <Stack>
        <Text size="sm">{words.explain}</Text>
        <TextInput label="Reason" required data-autofocus {...form.getInputProps('reason')} />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={words.submit}
          submitColor={action === 'hold' ? 'red' : undefined}
          pending={change.isPending}
        />
      </Stack>
    </form>
  );
}
