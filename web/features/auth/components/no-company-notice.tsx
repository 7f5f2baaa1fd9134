// A verified account with no company: its name was taken before the address was confirmed, or the sign-up was cut
// short (decision 041). The user names the company and becomes its admin; logging out stays possible.
import { Alert, Button, Container, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import { NO_COMPANY_TEXT, ZFinishRegistrationSchema } from '#common/schemas/finish-registration.ts';
import { pickTimezone, TIMEZONE_OPTIONS, type TTimezone } from '#common/timezones.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSignOut } from '../../../lib/session.ts';
import { finishRegistration } from '../api.ts';

export function NoCompanyNotice() {
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const [companyName, setCompanyName] = useState('');
  const [timezone, setTimezone] = useState<TTimezone>(() =>
    pickTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone),
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZFinishRegistrationSchema.safeParse({ companyName, timezone });
    if (!parsed.success) {
      setFieldErrors({ companyName: parsed.error.issues[0]?.message ?? 'Check the company name' });
      return;
    }
    setFieldErrors({});
    setFailure(undefined);
    setPending(true);
    try {
      await finishRegistration(parsed.data);
      // The session now says 'signed-in': the root page opens the app.
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
        setFieldErrors(error.fieldErrors);
      else setFailure(error instanceof Error ? error.message : 'Something went wrong. Try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Container size={520} py="xl">
      <Alert color="green" title={AUTH_MESSAGES.accountVerified.title} role="status">
        <Text size="sm">{NO_COMPANY_TEXT}</Text>
      </Alert>
      <form onSubmit={onSubmit} noValidate aria-label="Finish creating your company">
        <Stack gap="sm" mt="md">
          <TextInput
            label="Company name"
            required
            value={companyName}
            onChange={(e) => setCompanyName(e.currentTarget.value)}
            error={fieldErrors.companyName}
          />
          <Select
            label="Time zone"
            data={TIMEZONE_OPTIONS.map((option) => ({ value: option.zone, label: option.label }))}
            value={timezone}
            onChange={(value) => value && setTimezone(value as TTimezone)}
            allowDeselect={false}
            error={fieldErrors.timezone}
          />
          {failure && (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="default" type="button" onClick={() => void signOut()}>
              Log out
            </Button>
            <Button type="submit" loading={pending}>
              Create my company
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
