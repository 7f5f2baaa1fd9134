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
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES, formatAuthMessage } from '#common/auth-messages.ts';
import type { TPlanId } from '#common/plans.ts';
import { ZSignUpSchema } from '#common/schemas/auth.ts';
import { pickTimezone, TIMEZONE_OPTIONS, type TTimezone } from '#common/timezones.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { checkAvailability, signUp } from '../api.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The fields as the form holds them, with the plan chosen before. */
interface TSignUpValues {
  email: string;
  companyName: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  timezone: TTimezone;
  termsAccepted: boolean;
  privacyAccepted: boolean;
  planId: TPlanId;
}

export function SignUpForm({
  planId,
  onRegistered,
}: {
  planId: TPlanId;
  onRegistered: (email: string) => void;
}) {
  const form = useContractForm({
    schema: ZSignUpSchema,
    initialValues: {
      email: '',
      companyName: '',
      firstName: '',
      lastName: '',
      password: '',
      confirmPassword: '',
      timezone: pickTimezone(browserZone()) as TTimezone,
      termsAccepted: false,
      privacyAccepted: false,
    },
    toBody: (values) => ({ ...values, planId }),
  });
  const { values } = form;

  // SPEC.md: Create account stays disabled until every field is filled and the passwords match.
  const texts = [values.email, values.companyName, values.firstName, values.lastName, values.password];
  const filled = [...texts, values.confirmPassword].every((value) => value.trim() !== '');
  const canSubmit = filled && values.password === values.confirmPassword;

  const register = async (values: TSignUpValues) => {
    // What the server gets is the contract's reading of the fields (the address trimmed and lowercased), as checked.
    const body = ZSignUpSchema.parse(values);
    try {
      let availability: { emailExists: boolean; companyExists: boolean };
      try {
        availability = await checkAvailability({ email: body.email, companyName: body.companyName });
      } catch {
        toast('error', AUTH_MESSAGES.validationFailed);
        return;
      }
      if (availability.companyExists || availability.emailExists) {
        if (availability.companyExists) toast('error', AUTH_MESSAGES.companyNameUnavailable);
        if (availability.emailExists) toast('error', AUTH_MESSAGES.emailAlreadyRegistered);
        form.setErrors({
          ...(availability.companyExists
            ? { companyName: formatAuthMessage(AUTH_MESSAGES.companyNameUnavailable) }
            : {}),
          ...(availability.emailExists
            ? { email: formatAuthMessage(AUTH_MESSAGES.emailAlreadyRegistered) }
            : {}),
        });
        return;
      }
      await signUp(body);
      writeStorage(STORAGE_KEYS.lastLoginEmail, body.email);
      toast('success', AUTH_MESSAGES.registrationSuccessful);
      onRegistered(body.email);
    } catch (error) {
      form.showFailure(error);
      const message =
        error instanceof ApiError && error.code === 'RATE_LIMITED'
          ? AUTH_MESSAGES.tooManyAttempts
          : {
              title: AUTH_MESSAGES.registrationFailed.title,
              message: error instanceof Error ? error.message : 'An unexpected error occurred.',
            };
      toast('error', message);
    }
  };

  // SPEC.md: without both acceptances the toast "Terms Required: …" says so, before any field is checked.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!values.termsAccepted || !values.privacyAccepted) {
      event.preventDefault();
      toast('error', AUTH_MESSAGES.termsRequired);
      return;
    }
    form.onSubmit(register)(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create account">
      <Stack gap="sm">
        <TextInput
          label="Work e-mail"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Company name"
          autoComplete="organization"
          required
          {...form.getInputProps('companyName')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordStrengthMeter password={values.password} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
          error={
            form.errorOf('confirmPassword') ??
            (values.confirmPassword && values.password !== values.confirmPassword
              ? formatAuthMessage(AUTH_MESSAGES.passwordMismatch)
              : undefined)
          }
        />
        <Select
          label="Time zone"
          data={TIMEZONE_OPTIONS.map((option) => ({ value: option.zone, label: option.label }))}
          allowDeselect={false}
          {...form.getInputProps('timezone')}
        />
        <Checkbox
          {...form.getInputProps('termsAccepted', { type: 'checkbox' })}
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
          {...form.getInputProps('privacyAccepted', { type: 'checkbox' })}
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
          <Button type="submit" disabled={!canSubmit} loading={form.submitting}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
