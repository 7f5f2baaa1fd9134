// One claimed domain: proved or not, the TXT record that proves it (to copy), Check now, a sysadmin's Approve, and on
// a proved domain the "SSO required" switch (its addresses may then not sign in with a password, but a sysadmin's).
import { Badge, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TSsoDomain } from '#common/schemas/sso.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { approveSsoDomain, checkSsoDomain, deleteSsoDomain, setSsoRequired, ssoKeys } from './api.ts';
import { CopyField } from './copy-field.tsx';

export function DomainRow({ domain, isSysadmin }: { domain: TSsoDomain; isSysadmin: boolean }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ssoKeys.domains });
  // The last action's refusal, in the row it is about (a TXT record not found yet, say); the next action clears it.
  const [failure, setFailure] = useState<unknown>(null);
  const outcome = { onMutate: () => setFailure(null), onError: setFailure };
  const check = useMutation({
    mutationFn: () => checkSsoDomain(domain.id),
    ...outcome,
    onSuccess: async () => {
      await refresh();
      toast('success', {
        title: `${domain.domain} is proved`,
        message: 'Its addresses now sign in through your provider.',
      });
    },
  });
  const approve = useMutation({
    mutationFn: () => approveSsoDomain(domain.id),
    ...outcome,
    onSuccess: async () => {
      await refresh();
      toast('success', { title: `${domain.domain} approved`, message: '' });
    },
  });
  const required = useMutation({
    mutationFn: (on: boolean) => setSsoRequired(domain.id, on),
    ...outcome,
    onSuccess: async (saved) => {
      await refresh();
      toast('success', {
        title: saved.ssoRequired
          ? `Single sign-on required for ${saved.domain}`
          : `Passwords allowed again for ${saved.domain}`,
        message: '',
      });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteSsoDomain(domain.id),
    ...outcome,
    onSuccess: async () => {
      await refresh();
      toast('success', { title: `${domain.domain} removed`, message: '' });
    },
  });
  const name = domain.domain;

  return (
    <Card component="li" withBorder padding="md" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{name}</Text>
          {domain.proved ? (
            <Badge color="green" variant="light">
              {domain.provedBy === 'sysadmin' ? 'Proved (approved)' : 'Proved'}
            </Badge>
          ) : (
            <Badge color="orange" variant="light">
              Not proved
            </Badge>
          )}
        </Group>
        {domain.proved ? (
          <Switch
            label="SSO required"
            description="People at this domain may not sign in with a password (a sysadmin still may)."
            checked={domain.ssoRequired}
            disabled={required.isPending}
            onChange={(e) => required.mutate(e.currentTarget.checked)}
          />
        ) : (
          <>
            <Text size="sm">Publish this TXT record at the DNS provider of {name}:</Text>
            <CopyField label={`Record name for ${name}`} value={domain.txtName} />
            <CopyField label={`Record value for ${name}`} value={domain.txtValue} />
          </>
        )}
        {failure ? <ErrorAlert>{messageOf(failure)}</ErrorAlert> : null}
        <Group gap="xs">
          {domain.proved ? null : (
            <Button
              onClick={() => check.mutate()}
              loading={check.isPending}
              aria-label={`Check now: ${name}`}
            >
              Check now
            </Button>
          )}
          {isSysadmin && !domain.proved ? (
            <Button variant="light" onClick={() => approve.mutate()} loading={approve.isPending}>
              Approve by hand
            </Button>
          ) : null}
          <Button
            variant="subtle"
            color="red"
            onClick={() => remove.mutate()}
            loading={remove.isPending}
            aria-label={`Remove ${name}`}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
