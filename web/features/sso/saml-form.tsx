// The company's SAML 2.0 identity provider (decision 090): the IdP's single sign-on URL, its entity id and signing
// certificate (public, but long: once stored the screen names it by subject and expiry, and leaving the field empty
// keeps it), the attributes that give the address and the names, and the switch for accounts at first sign-in. Once
// saved, the URLs the admin registers at the IdP are shown to copy. Saving replaces an OpenID Connect provider.
import { Alert, Card, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  SSO_MESSAGES,
  type TSsoProvider,
  type TSsoSamlProviderInput,
  ZSsoSamlProviderInputSchema,
} from '#common/schemas/sso.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { saveSamlProvider } from './api.ts';
import { CopyField } from './copy-field.tsx';
import { ProviderFormEnd, useSaveProvider } from './provider-form-end.tsx';

interface TSamlValues extends Record<string, unknown> {
  entryPoint: string;
  idpEntityId: string;
  certificate: string;
  emailAttribute: string;
  firstNameAttribute: string;
  lastNameAttribute: string;
  jitEnabled: boolean;
}

const valuesOf = (p: TSsoProvider | null): TSamlValues => ({
  entryPoint: p?.saml?.entryPoint ?? '',
  idpEntityId: p?.saml?.idpEntityId ?? '',
  certificate: '',
  emailAttribute: p?.saml?.emailAttribute ?? 'email',
  firstNameAttribute: p?.saml?.firstNameAttribute ?? 'givenName',
  lastNameAttribute: p?.saml?.lastNameAttribute ?? 'surname',
  jitEnabled: p?.jitEnabled ?? false,
});

// An empty certificate keeps the stored one: it is left out of the body.
const bodyOf = (v: TSamlValues): TSsoSamlProviderInput => ({
  entryPoint: v.entryPoint.trim(),
  idpEntityId: v.idpEntityId,
  ...(v.certificate.trim() === '' ? {} : { certificate: v.certificate }),
  emailAttribute: v.emailAttribute,
  firstNameAttribute: v.firstNameAttribute,
  lastNameAttribute: v.lastNameAttribute,
  jitEnabled: v.jitEnabled,
});

/** `provider` is the company's provider of any protocol; an OpenID Connect one is replaced by saving. */
export function SamlForm({ provider }: { provider: TSsoProvider | null }) {
  const saml = provider?.protocol === 'saml' ? provider : null;
  const form = useContractForm<TSamlValues, TSsoSamlProviderInput>({
    schema: ZSsoSamlProviderInputSchema,
    initialValues: valuesOf(saml),
    toBody: bodyOf,
    rules: (v) => ({ certificate: !saml && v.certificate.trim() === '' && SSO_MESSAGES.certificateRequired }),
  });
  const save = useSaveProvider(
    saveSamlProvider,
    saml,
    'Register the Identifier and the Reply URL at your identity provider.',
    form.showFailure,
  );

  return (
    <Card withBorder padding="lg">
      <form
        onSubmit={form.onSubmit((body) => save.mutate(body))}
        noValidate
        aria-label="SAML identity provider"
      >
        <Stack>
          <Title order={2} fz="lg">
            SAML 2.0 identity provider
          </Title>
          <Text size="sm" c="dimmed">
            The SAML application your company registered at Microsoft Entra ID, Okta, Google Workspace or
            another provider.
          </Text>
          {provider && !saml ? (
            <Alert color="yellow" variant="light">
              Saving replaces your OpenID Connect provider: its people then sign in through SAML.
            </Alert>
          ) : null}
          {saml?.saml ? (
            <>
              <CopyField
                label="Identifier (Entity ID)"
                value={saml.saml.spEntityId}
                description="The Identifier / Audience URI at your provider."
              />
              <CopyField
                label="Reply URL (ACS)"
                value={saml.saml.acsUrl}
                description="Where your provider posts its response."
              />
              <CopyField label="Metadata URL" value={saml.saml.metadataUrl} />
            </>
          ) : (
            <Alert color="blue" variant="light">
              The Identifier and the Reply URL to register at your provider appear here once the provider is
              saved.
            </Alert>
          )}
          <TextInput
            label="Single sign-on URL"
            description="Where your provider signs people in (Login URL in Entra ID, SSO URL in Okta)"
            placeholder="https://login.example.com/saml"
            required
            {...form.getInputProps('entryPoint')}
          />
          <TextInput
            label="Provider's entity id"
            description="Its Issuer (Microsoft Entra Identifier in Entra ID, Issuer in Okta)"
            required
            autoComplete="off"
            {...form.getInputProps('idpEntityId')}
          />
          <Textarea
            label="Signing certificate"
            description={
              saml?.saml
                ? `Stored: ${saml.saml.certificateSubject}, valid to ${saml.saml.certificateValidTo.slice(0, 10)}. Leave empty to keep it.`
                : 'The certificate (Base64, PEM) your provider signs with: -----BEGIN CERTIFICATE----- …'
            }
            required={!saml}
            autosize
            minRows={3}
            maxRows={10}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('certificate')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="E-mail attribute" {...form.getInputProps('emailAttribute')} />
            <TextInput label="First name attribute" {...form.getInputProps('firstNameAttribute')} />
            <TextInput label="Last name attribute" {...form.getInputProps('lastNameAttribute')} />
          </SimpleGrid>
          <ProviderFormEnd form={form} saved={saml} saving={save.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
