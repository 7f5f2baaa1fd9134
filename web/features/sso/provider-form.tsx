// The company's OpenID Connect provider (decision 086): issuer, client id, the secret (write-only: the screen only
// says one is stored, and leaving the field empty keeps it), scopes, the claims that give a new person's names and the
// switch for accounts at first sign-in. Saving checks the issuer's discovery document on the server: a wrong URL is
// a 400 on the issuer, shown under it. Saving replaces a SAML provider (one provider a company).
import { Alert, Card, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  SSO_MESSAGES,
  type TSsoProvider,
  type TSsoProviderInput,
  ZSsoProviderInputSchema,
} from '#common/schemas/sso.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { saveSsoProvider } from './api.ts';
import { CopyField } from './copy-field.tsx';
import { ProviderFormEnd, useSaveProvider } from './provider-form-end.tsx';

interface TProviderValues extends Record<string, unknown> {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  firstNameClaim: string;
  lastNameClaim: string;
  jitEnabled: boolean;
}

const DEFAULT_SCOPES = 'openid email profile';

const valuesOf = (p: TSsoProvider | null): TProviderValues => ({
  issuer: p?.issuer ?? '',
  clientId: p?.clientId ?? '',
  clientSecret: '',
  scopes: p ? p.scopes.join(' ') : DEFAULT_SCOPES,
  firstNameClaim: p?.firstNameClaim ?? 'given_name',
  lastNameClaim: p?.lastNameClaim ?? 'family_name',
  jitEnabled: p?.jitEnabled ?? false,
});

// An empty secret keeps the stored one: it is left out of the body.
const bodyOf = (v: TProviderValues): TSsoProviderInput => ({
  issuer: v.issuer.trim(),
  clientId: v.clientId,
  ...(v.clientSecret === '' ? {} : { clientSecret: v.clientSecret }),
  scopes: v.scopes.split(/[\s,]+/).filter(Boolean),
  firstNameClaim: v.firstNameClaim,
  lastNameClaim: v.lastNameClaim,
  jitEnabled: v.jitEnabled,
});

/** `replacesSaml`: the company's provider is SAML, which saving this form replaces. */
export function ProviderForm({
  provider,
  replacesSaml,
}: {
  provider: TSsoProvider | null;
  replacesSaml: boolean;
}) {
  const form = useContractForm<TProviderValues, TSsoProviderInput>({
    schema: ZSsoProviderInputSchema,
    initialValues: valuesOf(provider),
    toBody: bodyOf,
    // The first save needs a secret; the contract lets it be left out (later saves keep the stored one).
    rules: (v) => ({
      clientSecret: !provider?.hasClientSecret && v.clientSecret === '' && SSO_MESSAGES.secretRequired,
    }),
  });
  const save = useSaveProvider(
    saveSsoProvider,
    provider,
    'Register the redirect URL at your identity provider.',
    form.showFailure,
  );

  return (
    <Card withBorder padding="lg">
      <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="Identity provider">
        <Stack>
          <Title order={2} fz="lg">
            Identity provider
          </Title>
          <Text size="sm" c="dimmed">
            The OpenID Connect application your company registered at Microsoft Entra ID, Google Workspace,
            Okta or another provider.
          </Text>
          {replacesSaml ? (
            <Alert color="yellow" variant="light">
              Saving replaces your SAML provider: its people then sign in through OpenID Connect.
            </Alert>
          ) : null}
          {provider ? (
            <CopyField
              label="Redirect URL"
              value={provider.redirectUri}
              description="Register this as the redirect (reply) URL of the application at your provider."
            />
          ) : (
            <Alert color="blue" variant="light">
              The redirect URL to register at your provider appears here once the provider is saved.
            </Alert>
          )}
          <TextInput
            label="Issuer URL"
            description="The address before /.well-known/openid-configuration"
            placeholder="https://login.example.com"
            required
            {...form.getInputProps('issuer')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Client id" required autoComplete="off" {...form.getInputProps('clientId')} />
            <PasswordInput
              label="Client secret"
              autoComplete="new-password"
              required={!provider?.hasClientSecret}
              description={
                provider?.hasClientSecret
                  ? 'Stored. Leave empty to keep it.'
                  : 'Never shown again once saved.'
              }
              {...form.getInputProps('clientSecret')}
            />
          </SimpleGrid>
          <TextInput
            label="Scopes"
            description="Separated by spaces; openid, email and profile are usual"
            {...form.getInputProps('scopes')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name claim" {...form.getInputProps('firstNameClaim')} />
            <TextInput label="Last name claim" {...form.getInputProps('lastNameClaim')} />
          </SimpleGrid>
          <ProviderFormEnd form={form} saved={provider} saving={save.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
