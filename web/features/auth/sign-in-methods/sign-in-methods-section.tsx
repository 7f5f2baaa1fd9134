// The person's sign-in methods (decision 088): the password and the company's single sign-on provider linked to
// their account, "Link single sign-on", "Set a password" for an account without one, and "Unlink" after a
// confirmation. Every refusal is said in words that say what to do; none signs the person out (SPEC.md section 8).
import { Alert, Button, Group, Loader, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  identityLinkMessage,
  type TIdentity,
  type TIdentityList,
  type TIdentityPassword,
  ZIdentityPasswordSchema,
} from '#common/schemas/identities.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCompanyClock } from '../../../lib/company-clock.tsx';
import { useContractForm } from '../../../lib/contract-form.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { PasswordStrengthMeter } from '../components/password-strength-meter.tsx';
import { authorizeIdentity, fetchIdentities, identityKeys, setFirstPassword, unlinkIdentity } from './api.ts';

/** The link's outcome the URL carries, if any: linked, or the refusal's reason. */
export interface TLinkOutcome {
  linked: boolean;
  error: string | null;
}

export function SignInMethodsSection({ outcome }: { outcome: TLinkOutcome | null }) {
  const queryClient = useQueryClient();
  // The day it was linked on the company's clock, as every other screen writes dates.
  const clock = useCompanyClock();
  const list = useQuery({ queryKey: identityKeys.list, queryFn: ({ signal }) => fetchIdentities(signal) });
  const [message, setMessage] = useState<string | null>(
    outcome && !outcome.linked ? identityLinkMessage(outcome.error ?? '') : null,
  );
  const [confirming, setConfirming] = useState<TIdentity | null>(null);
  const [busy, setBusy] = useState(false);
  const [settingPassword, setSettingPassword] = useState(false);

  /** A refusal is shown here; only a 401 (signed out elsewhere) hands over to the session guard. */
  const fail = (error: unknown) => {
    setMessage(error instanceof Error ? error.message : 'Something went wrong. Try again.');
    if (error instanceof ApiError && error.status === 401)
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    if (error instanceof ApiError && error.code === 'IDENTITY_NOT_FOUND')
      void queryClient.invalidateQueries({ queryKey: identityKeys.list });
  };

  const link = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const { url } = await authorizeIdentity();
      window.location.assign(url);
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };

  const unlink = async (identity: TIdentity) => {
    setBusy(true);
    setMessage(null);
    try {
      queryClient.setQueryData(identityKeys.list, await unlinkIdentity(identity.id));
      toast('success', {
        title: 'Sign-in method unlinked',
        message: `${identity.label} no longer signs you in.`,
      });
    } catch (error) {
      fail(error);
    } finally {
      setConfirming(null);
      setBusy(false);
    }
  };

  if (list.isPending) return <Loader size="sm" aria-label="Loading sign-in methods" />;
  if (list.isError) return <ErrorAlert>{list.error.message}</ErrorAlert>;
  const data: TIdentityList = list.data;

  return (
    <Stack gap="sm" aria-label="Sign-in methods" component="section">
      <Text size="sm">
        The ways you can sign in to Forgeboard. Keep at least one; two let you in if one fails.
      </Text>
      {outcome?.linked && !message ? (
        <Alert color="green" variant="light">
          Single sign-on is linked: you can now sign in with "Continue with single sign-on".
        </Alert>
      ) : null}
      {message ? <ErrorAlert>{message}</ErrorAlert> : null}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.identities.map((identity) => (
          <Paper component="li" key={identity.id} withBorder p="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>{identity.label}</Text>
                <Text size="sm" c="dimmed">
                  Linked {clock.date(identity.linkedAt)}
                </Text>
              </div>
              <Button
                variant="default"
                c="red.9"
                aria-label={`Unlink ${identity.label}`}
                disabled={busy}
                onClick={() => {
                  setMessage(null);
                  setConfirming(identity);
                }}
              >
                Unlink
              </Button>
            </Group>
            {confirming?.id === identity.id ? (
              <Alert color="orange" variant="light" mt="sm" title={`Unlink ${identity.label}?`}>
                <Text size="sm" mb="xs">
                  You will no longer be able to sign in with it. You can link it again later.
                </Text>
                <Group gap="xs">
                  <Button color="red.9" loading={busy} onClick={() => void unlink(identity)}>
                    Yes, unlink
                  </Button>
                  <Button variant="default" disabled={busy} onClick={() => setConfirming(null)}>
                    Keep it
                  </Button>
                </Group>
              </Alert>
            ) : null}
          </Paper>
        ))}
      </Stack>
      <Group gap="sm">
        {data.canLinkSso ? (
          <Button variant="default" loading={busy} onClick={() => void link()}>
            Link single sign-on
          </Button>
        ) : null}
        {data.canSetPassword && !settingPassword ? (
          <Button variant="default" disabled={busy} onClick={() => setSettingPassword(true)}>
            Set a password
          </Button>
        ) : null}
      </Group>
      {settingPassword ? (
        <SetPasswordForm
          onDone={(next) => {
            queryClient.setQueryData(identityKeys.list, next);
            setSettingPassword(false);
          }}
          onCancel={() => setSettingPassword(false)}
        />
      ) : null}
    </Stack>
  );
}

function SetPasswordForm({
  onDone,
  onCancel,
}: {
  onDone: (next: TIdentityList) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useContractForm({
    schema: ZIdentityPasswordSchema,
    initialValues: { password: '', confirmPassword: '' },
    toBody: (values): TIdentityPassword => values,
  });
  const submit = async (body: TIdentityPassword) => {
    try {
      onDone(await setFirstPassword(body));
      toast('success', {
        title: 'Password set',
        message: 'You can now also sign in with your e-mail and password.',
      });
    } catch (error) {
      form.showFailure(error);
      if (error instanceof ApiError && error.status === 401)
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    }
  };
  // Mantine's PasswordInput links the error but leaves aria-invalid off its input.
  const passwordProps = (field: 'password' | 'confirmPassword') => ({
    ...form.getInputProps(field),
    'aria-invalid': form.errorOf(field) ? true : undefined,
  });
  return (
    <Paper withBorder p="sm">
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Set a password">
        <Stack gap="sm">
          {form.formError ? <ErrorAlert>{form.formError}</ErrorAlert> : null}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...passwordProps('password')}
          />
          <PasswordStrengthMeter password={form.values.password} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...passwordProps('confirmPassword')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting} disabled={form.submitting}>
              Set password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
