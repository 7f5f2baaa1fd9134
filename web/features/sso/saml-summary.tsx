// A company whose provider is SAML 2.0 (decision 090; set up through PUT /api/v1/sso/provider/saml): what it signs in
// with and the URLs the admin registers at the identity provider, to copy. The SAML form itself is not on the screen
// yet (decision 090 says what is left); saving the OpenID form below replaces the SAML provider.
import { Card, Stack, Text, Title } from '@mantine/core';
import type { TSsoProvider } from '#common/schemas/sso.ts';
import { CopyField } from './copy-field.tsx';
import { RemoveProvider } from './remove-provider.tsx';

export function SamlSummary({ provider }: { provider: TSsoProvider }) {
  const saml = provider.saml!;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sso-saml-title">
      <Stack>
        <Title order={2} fz="lg" id="sso-saml-title">
          SAML 2.0 identity provider
        </Title>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {saml.idpEntityId} · signs in at {saml.entryPoint} · certificate {saml.certificateSubject}, valid to{' '}
          {saml.certificateValidTo.slice(0, 10)}
        </Text>
        <CopyField
          label="Identifier (Entity ID)"
          value={saml.spEntityId}
          description="The Identifier / Audience URI at your provider."
        />
        <CopyField
          label="Reply URL (ACS)"
          value={saml.acsUrl}
          description="Where your provider posts its response."
        />
        <CopyField label="Metadata URL" value={saml.metadataUrl} />
        <div>
          <RemoveProvider provider={provider} />
        </div>
      </Stack>
    </Card>
  );
}
