// The Admin "Single sign-on" tab (issue 32, decision 086): the company's identity provider and the e-mail domains
// that route sign-ins to it. Admins only (the /admin route's guard); a sysadmin also sees every company's pending
// claims and approves one by hand (decision 090).
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '../../components/query-status.tsx';
import { useSession } from '../../lib/session.ts';
import { fetchSsoDomains, fetchSsoProvider, ssoKeys } from './api.ts';
import { DomainsCard } from './domains-card.tsx';
import { PendingClaimsCard } from './pending-claims-card.tsx';
import { ProviderForm } from './provider-form.tsx';
import { SamlSummary } from './saml-summary.tsx';

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
      {provider.data?.provider?.protocol === 'saml' ? (
        <SamlSummary provider={provider.data.provider} />
      ) : null}
      {provider.data ? (
        // Keyed by the saved version, so the form starts again from what the server holds after a save elsewhere.
        <ProviderForm
          key={provider.data.provider?.updatedAt ?? 'new'}
          // A SAML provider is shown above; the OpenID form then starts empty and would replace it.
          provider={provider.data.provider?.protocol === 'saml' ? null : provider.data.provider}
        />
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
