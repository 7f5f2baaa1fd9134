// The Admin "Single sign-on" tab (issue 32, decisions 086 and 090): the company's identity provider, OpenID Connect
// or SAML 2.0, and the e-mail domains that route sign-ins to it. Admins only (the /admin route's guard); a sysadmin
// also sees every company's pending claims and approves one by hand.
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TSsoProvider } from '#common/schemas/sso.ts';
import { QueryStatus } from '../../components/query-status.tsx';
import { useSession } from '../../lib/session.ts';
import { fetchSsoDomains, fetchSsoProvider, ssoKeys } from './api.ts';
import { DomainsCard } from './domains-card.tsx';
import { PendingClaimsCard } from './pending-claims-card.tsx';
import { ProviderForm } from './provider-form.tsx';
import { SamlForm } from './saml-form.tsx';

type TProtocol = TSsoProvider['protocol'];

/** The protocol choice and its form; starts on the saved provider's protocol. */
function ProviderSetup({ provider }: { provider: TSsoProvider | null }) {
  const [protocol, setProtocol] = useState<TProtocol>(provider?.protocol ?? 'oidc');
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="sso-protocol-label">
        Protocol
      </Text>
      <SegmentedControl
        aria-labelledby="sso-protocol-label"
        value={protocol}
        onChange={(value) => setProtocol(value as TProtocol)}
        data={[
          { value: 'oidc', label: 'OpenID Connect' },
          { value: 'saml', label: 'SAML 2.0' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {protocol === 'saml' ? (
        <SamlForm provider={provider} />
      ) : (
        <ProviderForm
          provider={provider?.protocol === 'oidc' ? provider : null}
          replacesSaml={provider?.protocol === 'saml'}
        />
      )}
    </Stack>
  );
}

export function SsoPanel() {
  const session = useSession();
  const provider = useQuery({
    queryKey: ssoKeys.provider,
    queryFn: ({ signal }) => fetchSsoProvider(signal),
  });
  const domains = useQuery({ queryKey: ssoKeys.domains, queryFn: ({ signal }) => fetchSsoDomains(signal) });
  const isSysadmin = session.data?.user?.role === 'sysadmin';

  return (
    <Stack maw={820}>
      <Text>
        Let your people sign in with their work account at your company's identity provider. Set up the
        provider, then claim and prove your e-mail domains: a sign-in is routed to you only from a proved
        domain.
      </Text>
      {provider.data ? (
        // Keyed by the saved version, so the forms start again from what the server holds after a save.
        <ProviderSetup key={provider.data.provider?.updatedAt ?? 'new'} provider={provider.data.provider} />
      ) : (
        <QueryStatus
          query={provider}
          errorTitle="The provider could not be loaded"
          loadingLabel="Loading the provider"
        />
      )}
      {domains.data ? (
        <DomainsCard domains={domains.data.domains} isSysadmin={isSysadmin} />
      ) : (
        <QueryStatus
          query={domains}
          errorTitle="The domains could not be loaded"
          loadingLabel="Loading the domains"
        />
      )}
      {isSysadmin ? <PendingClaimsCard /> : null}
    </Stack>
  );
}
