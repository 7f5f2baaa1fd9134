// A verified account with no company: its name was taken before the address was confirmed, or the sign-up was cut
// short (decision 041). The user names the company and becomes its admin; logging out stays possible.
import { Alert, Button, Container, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import {
  NO_COMPANY_TEXT,
  type TFinishRegistrationInput,
  ZFinishRegistrationSchema,
} from '#common/schemas/finish-registration.ts';
import { pickTimezone, TIMEZONE_OPTIONS, type TTimezone } from '#common/timezones.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSignOut } from '../../../lib/session.ts';
import { finishRegistration } from '../api.ts';

export function NoCompanyNotice() {
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const form = useContractForm({
    schema: ZFinishRegistrationSchema,
    initialValues: {
      companyName: '',
      timezone: pickTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone) as TTimezone,
    },
  });

  const finish = async (body: TFinishRegistrationInput) => {
    try {
      await finishRegistration(ZFinishRegistrationSchema.parse(body));
      // The session now says 'signed-in': the root page opens the app.
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    } catch (error) {
      form.showFailure(error);
    }
  };

  return (
    <Container size={520} py="xl">
      <Alert color="green" title={AUTH_MESSAGES.accountVerified.title} role="status">
        <Text size="sm">{NO_COMPANY_TEXT}</Text>
      </Alert>
      <form onSubmit={form.onSubmit(finish)} noValidate aria-label="Finish creating your company">
        <Stack gap="sm" mt="md">
          <TextInput label="Company name" required {...form.getInputProps('companyName')} />
          <Select
            label="Time zone"
            data={TIMEZONE_OPTIONS.map((option) => ({ value: option.zone, label: option.label }))}
            allowDeselect={false}
            {...form.getInputProps('timezone')}
          />
          {form.formError && (
            <Text size="sm" c="red" role="alert">
              {form.formError}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="default" type="button" onClick={() => void signOut()}>
              Log out
            </Button>
            <Button type="submit" loading={form.submitting}>
              Create my company
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
