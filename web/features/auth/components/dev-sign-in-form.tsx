// Development sign-in: choose who to be. Only offered when the server runs with DEV_SIGN_IN (never in production).
import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ROLES, type TRole } from '#common/roles.ts';
import { type TSession, ZDevSignInSchema } from '#common/schemas/session.ts';
import { lastRouteOrHelp } from '../../../app/guards/require-access.tsx';
import { track } from '../../../lib/analytics.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { setSession } from '../session.ts';

export function DevSignInForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => readStorage(STORAGE_KEYS.lastLoginEmail) ?? '');
  const [role, setRole] = useState<TRole>('admin');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [companyName, setCompanyName] = useState('Demo Manufacturing');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const signIn = useMutation({
    mutationFn: (body: unknown) => api<TSession>('/api/v1/dev/sign-in', { method: 'POST', body }),
    onSuccess: (session) => {
      setSession(queryClient, session);
      track('sign_in', { method: 'development' });
      navigate(lastRouteOrHelp(), { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError) setFieldErrors(error.fieldErrors);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZDevSignInSchema.safeParse({ email, role, firstName, lastName, companyName });
    if (!parsed.success) {
      setFieldErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setFieldErrors({});
    signIn.mutate(parsed.data);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Development sign-in">
      <Stack gap="sm">
        <Alert
          color="yellow"
          title="Development sign-in"
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
        >
          This server runs with DEV_SIGN_IN: choose any e-mail, role and company. Production servers never
          offer this.
        </Alert>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldErrors.email}
        />
        <Select
          label="Role"
          data={ROLES.map((r) => ({ value: r, label: r }))}
          value={role}
          onChange={(v) => v && setRole(v as TRole)}
          allowDeselect={false}
        />
        <TextInput
          label="First name"
          value={firstName}
          onChange={(e) => setFirstName(e.currentTarget.value)}
          error={fieldErrors.firstName}
        />
        <TextInput
          label="Last name"
          value={lastName}
          onChange={(e) => setLastName(e.currentTarget.value)}
          error={fieldErrors.lastName}
        />
        <TextInput
          label="Company"
          required
          value={companyName}
          onChange={(e) => setCompanyName(e.currentTarget.value)}
          error={fieldErrors.companyName}
        />
        {signIn.isError &&
        !(signIn.error instanceof ApiError && Object.keys(signIn.error.fieldErrors).length > 0) ? (
          <Alert color="red" role="alert">
            {signIn.error.message}
          </Alert>
        ) : null}
        <Button type="submit" loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
