// The e-mail domains the company claims (decision 086): add one, then prove it with the TXT record each row shows
// (or a sysadmin approves it). Only a proved domain routes anyone to the company's provider.
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TSsoDomain, ZSsoDomainInputSchema } from '#common/schemas/sso.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { toast } from '../../lib/toast.ts';
import { addSsoDomain, ssoKeys } from './api.ts';
import { DomainRow } from './domain-row.tsx';

function AddDomainForm() {
  const client = useQueryClient();
  const form = useContractForm({ schema: ZSsoDomainInputSchema, initialValues: { domain: '' } });
  const add = useMutation({
    mutationFn: addSsoDomain,
    onSuccess: async (added) => {
      form.reset();
      await client.invalidateQueries({ queryKey: ssoKeys.domains });
      toast('success', {
        title: `${added.domain} claimed`,
        message: 'Publish its TXT record, then check it.',
      });
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => add.mutate(body))} noValidate aria-label="Claim a domain">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="E-mail domain"
          placeholder="example.com"
          autoComplete="off"
          style={{ flex: 1, minWidth: 0 }}
          {...form.getInputProps('domain')}
        />
        <Button type="submit" mt={25} loading={add.isPending}>
          Add domain
        </Button>
      </Group>
      {form.formError ? <ErrorAlert mt="xs">{form.formError}</ErrorAlert> : null}
    </form>
  );
}

export function DomainsCard({ domains, isSysadmin }: { domains: TSsoDomain[]; isSysadmin: boolean }) {
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} fz="lg">
          E-mail domains
        </Title>
        <Text size="sm" c="dimmed">
          People whose address is at a proved domain sign in through your provider. Prove a domain by
          publishing the TXT record shown below at your DNS provider, then press Check now.
        </Text>
        <AddDomainForm />
        {domains.length === 0 ? (
          <Text size="sm">No domain claimed yet.</Text>
        ) : (
          <Stack
            gap="md"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Domains"
          >
            {domains.map((d) => (
              <DomainRow key={d.id} domain={d} isSysadmin={isSysadmin} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
