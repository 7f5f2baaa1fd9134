// What both provider forms share (OpenID Connect and SAML 2.0): their save, and their end — the switch for accounts
// at first sign-in, the form's own error, and Remove beside Set up / Save.
import { Button, Group, Switch } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSsoProvider } from '#common/schemas/sso.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import type { TContractForm } from '../../lib/contract-form.ts';
import { toast } from '../../lib/toast.ts';
import { ssoKeys } from './api.ts';
import { RemoveProvider } from './remove-provider.tsx';

/**
 * Saves a provider through `send`. The panel keys the forms by the saved version, so putting the answer in the cache
 * starts them again from the saved values (write-only fields empty). `register` says what to copy to the IdP after a
 * first set-up.
 */
export function useSaveProvider<TBody>(
  send: (body: TBody) => Promise<TSsoProvider>,
  saved: TSsoProvider | null,
  register: string,
  showFailure: (failure: unknown) => unknown,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (provider) => {
      client.setQueryData(ssoKeys.provider, { provider });
      toast('success', {
        title: saved ? 'Identity provider saved' : 'Identity provider set up',
        message: saved ? '' : register,
      });
    },
    onError: showFailure,
  });
}

export function ProviderFormEnd<TValues extends { jitEnabled: boolean }, TBody>({
  form,
  saved,
  saving,
}: {
  form: TContractForm<TValues, TBody>;
  /** The provider this form edits, once saved. */
  saved: TSsoProvider | null;
  saving: boolean;
}) {
  return (
    <>
      <Switch
        label="Create accounts at first sign-in"
        description="Someone your provider knows, with a proved domain's address, gets an account (role User) if the plan has a seat. Off: only people you invited sign in."
        {...form.getInputProps('jitEnabled', { type: 'checkbox' })}
      />
      {form.formError ? <ErrorAlert>{form.formError}</ErrorAlert> : null}
      <Group justify="flex-end">
        {saved ? <RemoveProvider provider={saved} /> : null}
        <Button type="submit" loading={saving}>
          {saved ? 'Save provider' : 'Set up provider'}
        </Button>
      </Group>
    </>
  );
}
