// The sign-up view's form: a new company and its first admin, with SPEC.md's rules, meter, checks and toasts.
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES, formatAuthMessage } from '#common/auth-messages.ts';
import type { TPlanId } from '#common/plans.ts';
import { ZSignUpSchema } from '#common/schemas/auth.ts';
import { pickTimezone, TIMEZONE_OPTIONS, type TTimezone } from '#common/timezones.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { checkAvailability, signUp } from '../api.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function SignUpForm({
  planId,
  onRegistered,
}: {
  planId: TPlanId;
  onRegistered: (email: string) => void;
}) {
  const [form, setForm] = useState({
    email: '',
    companyName: '',
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
  });
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [privacyAccepted, setPrivacyAccepted] = useState(false);
  const [timezone, setTimezone] = useState<TTimezone>(() => pickTimezone(browserZone()));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget; // read now: the updater below runs after the event is gone
    setForm((old) => ({ ...old, [key]: value }));
  };

  // SPEC.md: Create account stays disabled until every field is filled and the passwords match.
  const filled = Object.values(form).every((value) => value.trim() !== '');
  const canSubmit = filled && form.password === form.confirmPassword;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!termsAccepted || !privacyAccepted) {
      toast('error', AUTH_MESSAGES.termsRequired);
      return;
    }
    const parsed = ZSignUpSchema.safeParse({ ...form, termsAccepted, privacyAccepted, timezone, planId });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      let availability: { emailExists: boolean; companyExists: boolean };
      try {
        availability = await checkAvailability({
          email: parsed.data.email,
          companyName: parsed.data.companyName,
        });
      } catch {
        toast('error', AUTH_MESSAGES.validationFailed);
        return;
      }
      if (availability.companyExists || availability.emailExists) {
        if (availability.companyExists) toast('error', AUTH_MESSAGES.companyNameUnavailable);
        if (availability.emailExists) toast('error', AUTH_MESSAGES.emailAlreadyRegistered);
        setFieldErrors({
          ...(availability.companyExists
            ? { companyName: formatAuthMessage(AUTH_MESSAGES.companyNameUnavailable) }
            : {}),
          ...(availability.emailExists
            ? { email: formatAuthMessage(AUTH_MESSAGES.emailAlreadyRegistered) }
            : {}),
        });
        return;
      }
      await signUp(parsed.data);
      writeStorage(STORAGE_KEYS.lastLoginEmail, parsed.data.email);
      toast('success', AUTH_MESSAGES.registrationSuccessful);
      onRegistered(parsed.data.email);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
        setFieldErrors(error.fieldErrors);
      const message =
        error instanceof ApiError && error.code === 'RATE_LIMITED'
          ? AUTH_MESSAGES.tooManyAttempts
          : {
              title: AUTH_MESSAGES.registrationFailed.title,
              message: error instanceof Error ? error.message : 'An unexpected error occurred.',
            };
      toast('error', message);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create account">
      <Stack gap="sm">
        <TextInput
          label="Work e-mail"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
          error={fieldErrors.email}
        />
        <TextInput
          label="Company name"
          autoComplete="organization"
          required
          value={form.companyName}
          onChange={set('companyName')}
          error={fieldErrors.companyName}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            value={form.firstName}
            onChange={set('firstName')}
            error={fieldErrors.firstName}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            value={form.lastName}
            onChange={set('lastName')}
            error={fieldErrors.lastName}
          />
        </SimpleGrid>
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={set('password')}
          error={fieldErrors.password}
        />
        <PasswordStrengthMeter password={form.password} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={
            fieldErrors.confirmPassword ??
            (form.confirmPassword && form.password !== form.confirmPassword
              ? formatAuthMessage(AUTH_MESSAGES.passwordMismatch)
              : undefined)
          }
        />
        <Select
          label="Time zone"
          data={TIMEZONE_OPTIONS.map((option) => ({ value: option.zone, label: option.label }))}
          value={timezone}
          onChange={(value) => value && setTimezone(value as TTimezone)}
          allowDeselect={false}
          error={fieldErrors.timezone}
        />
        <Checkbox
          checked={termsAccepted}
          onChange={(e) => setTermsAccepted(e.currentTarget.checked)}
          label={
            <>
              I accept the{' '}
              <Anchor component={Link} to="/terms-of-service" target="_blank" underline="always">
                Terms of Service
              </Anchor>
            </>
          }
        />
        <Checkbox
          checked={privacyAccepted}
          onChange={(e) => setPrivacyAccepted(e.currentTarget.checked)}
          label={
            <>
              I accept the{' '}
              <Anchor component={Link} to="/privacy-policy" target="_blank" underline="always">
                Privacy Policy
              </Anchor>
            </>
          }
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!canSubmit} loading={pending}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
