// A sysadmin's list of every company's pending domain claims (decision 090), shown on their Single sign-on tab: the
// company, the domain, when and by whom it was claimed, the TXT record that would prove it, and "Approve" after a
// confirmation that says what approval does. Paged on the server.
import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TSsoPendingClaim } from '#common/schemas/sso.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { toast } from '../../lib/toast.ts';
import { approveSsoDomain, fetchPendingClaims, ssoKeys } from './api.ts';
import { CopyField } from './copy-field.tsx';

const PAGE_SIZE = 10;

function ConfirmApproval({ claim, onClose }: { claim: TSsoPendingClaim; onClose: () => void }) {
  const client = useQueryClient();
  const approve = useMutation({
    mutationFn: () => approveSsoDomain(claim.id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ssoKeys.all });
      toast('success', { title: `${claim.domain} approved for ${claim.companyName}`, message: '' });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Approve ${claim.domain}?`}>
      <Stack>
        <Text size="sm">
          Addresses at {claim.domain} will then sign in through {claim.companyName}'s identity provider,
          without the TXT record. Approve only when you know the domain is theirs.
        </Text>
        {approve.error ? <ErrorAlert>{messageOf(approve.error)}</ErrorAlert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => approve.mutate()} loading={approve.isPending}>
            Approve {claim.domain}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ClaimRow({ claim, onApprove }: { claim: TSsoPendingClaim; onApprove: () => void }) {
  const clock = useCompanyClock();
  return (
    <Card component="li" withBorder padding="md" aria-label={`${claim.domain}, ${claim.companyName}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {claim.domain}
          </Text>
          {claim.provedElsewhere ? (
            <Badge color="red" variant="light">
              Proved by another company
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          {claim.companyName} · claimed {clock.dateTime(claim.claimedAt)} by {claim.claimedBy}
        </Text>
        <CopyField label={`Record name for ${claim.domain}`} value={claim.txtName} />
        <CopyField label={`Record value for ${claim.domain}`} value={claim.txtValue} />
        <Group>
          <Button variant="light" onClick={onApprove} disabled={claim.provedElsewhere}>
            Approve {claim.domain}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function PendingClaimsCard() {
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<TSsoPendingClaim | null>(null);
  const claims = useQuery({
    queryKey: ssoKeys.pending(page),
    queryFn: ({ signal }) => fetchPendingClaims(page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sso-pending-title">
      <Stack>
        <Title order={2} fz="lg" id="sso-pending-title">
          Pending domain claims of every company
        </Title>
        <Text size="sm" c="dimmed">
          Only sysadmins see this. A company proves a domain with its TXT record; approve one here only when
          they cannot publish the record and you know the domain is theirs.
        </Text>
        {claims.data ? (
          claims.data.total === 0 ? (
            <Text size="sm">No claim is waiting.</Text>
          ) : (
            <>
              <Text size="sm">{claims.data.total} waiting</Text>
              <Stack
                gap="md"
                component="ul"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
                aria-label="Pending domain claims"
              >
                {claims.data.items.map((c) => (
                  <ClaimRow key={c.id} claim={c} onApprove={() => setConfirming(c)} />
                ))}
              </Stack>
              <ListPagination
                page={page}
                total={claims.data.total}
                pageSize={PAGE_SIZE}
                onChange={setPage}
                label="Pages of pending domain claims"
              />
            </>
          )
        ) : (
          <QueryStatus
            query={claims}
            errorTitle="The pending claims could not be loaded"
            loadingLabel="Loading the pending claims"
          />
        )}
      </Stack>
      {confirming ? <ConfirmApproval claim={confirming} onClose={() => setConfirming(null)} /> : null}
    </Card>
  );
}
