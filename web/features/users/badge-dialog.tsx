// A person's badge (decision 083): whether they have one (how its code ends, never the code), print a new one — a QR
// label, the old badge stops working at once — or revoke it. The badge moves only their own clock, and only on a
// kiosk an admin set up; it signs nobody in.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { TBadgeState } from '#common/schemas/kiosks.ts';
import type { TCompanyUser } from '#common/schemas/users.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { LabelPrintOptions, useLabelPrintOptions } from '../../components/label-print-options.tsx';
import { When } from '../../components/when.tsx';
import { ApiError, api, errorFromResponse, unreachableError } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { toast } from '../../lib/toast.ts';

const badgeKey = (userId: string) => ['users', 'badge', userId] as const;
const path = (userId: string) => `/api/v1/users/${encodeURIComponent(userId)}/badge`;

/** Prints a new badge and saves the file; the answer is a file, not JSON. */
async function printBadge(userId: string, body: { formatId: string; output: string; dpi: number }) {
  let response: Response;
  try {
    response = await fetch(`${path(userId)}/print`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw unreachableError();
  }
  if (!response.ok) throw await errorFromResponse(response);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'badge.pdf';
  saveBlob(await response.blob(), name);
  return name;
}

export function BadgeDialog({ user, onClose }: { user: TCompanyUser | null; onClose: () => void }) {
  const who = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '';
  return (
    <Modal opened={user !== null} onClose={onClose} title={`Badge of ${who}`}>
      {user ? <BadgeForm user={user} who={who} onClose={onClose} /> : null}
    </Modal>
  );
}

function BadgeForm({ user, who, onClose }: { user: TCompanyUser; who: string; onClose: () => void }) {
  const client = useQueryClient();
  const options = useLabelPrintOptions();
  const [error, setError] = useState<string | undefined>(undefined);
  const state = useQuery({
    queryKey: badgeKey(user.id),
    queryFn: ({ signal }) => api<TBadgeState>(path(user.id), { signal }),
  });
  const print = useMutation({
    mutationFn: () =>
      printBadge(user.id, { formatId: options.formatId ?? '', output: options.output, dpi: options.dpi }),
    onSuccess: async (filename) => {
      await client.invalidateQueries({ queryKey: badgeKey(user.id) });
      toast('success', { title: `New badge for ${who}`, message: filename });
      onClose();
    },
    onError: (e) =>
      setError(e instanceof ApiError ? e.message : 'The badge could not be printed. Try again.'),
  });
  const revoke = useMutation({
    mutationFn: () => api<TBadgeState>(`${path(user.id)}/revoke`, { method: 'POST' }),
    onSuccess: (next) => {
      client.setQueryData(badgeKey(user.id), next);
      toast('success', { title: 'Badge revoked', message: `${who}’s badge no longer moves a clock.` });
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : 'The badge could not be revoked.'),
  });
  const badge = state.data?.badge ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    print.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Print a badge for ${who}`}>
      <Stack>
        <Text size="sm" c="dimmed">
          Scanned on a kiosk, the badge moves {who}’s own clock; it signs nobody in. A new badge stops the old
          one at once.
        </Text>
        {badge ? (
          <Alert color="blue" title="Has a badge">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                Ends in {badge.hint}, printed <When at={badge.createdAt} show="date" /> by {badge.createdBy}.
              </Text>
              <Button
                variant="default"
                color="red"
                loading={revoke.isPending}
                onClick={() => {
                  setError(undefined);
                  revoke.mutate();
                }}
              >
                Revoke badge
              </Button>
            </Group>
          </Alert>
        ) : state.isSuccess ? (
          <Text size="sm">No badge yet.</Text>
        ) : null}
        <LabelPrintOptions options={options} />
        <FormFooter
          error={error}
          onCancel={onClose}
          submitLabel={badge ? 'Print a new badge' : 'Print badge'}
          pending={print.isPending}
          disabled={!options.formatId}
        />
      </Stack>
    </form>
  );
}
