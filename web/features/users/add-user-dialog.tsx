// Add a user: by invitation (they choose their password from the mail) or with an initial password (they must
// still set their own from the mailed link before logging in, SPEC.md section 6).
import {
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRole } from '#common/roles.ts';
import { type TAddUserInput, ZAddUserSchema } from '#common/schemas/users.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { addUser } from './api.ts';
import { roleOptions } from './role-options.ts';

type TMethod = 'invite' | 'password';

export function AddUserDialog({
  opened,
  onClose,
  actorRole,
}: {
  opened: boolean;
  onClose: () => void;
  actorRole: TRole;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add a user" size="lg">
      {/* A fresh form each time the dialog opens. */}
      {opened ? <AddUserForm onClose={onClose} actorRole={actorRole} /> : null}
    </Modal>
  );
}

function AddUserForm({ onClose, actorRole }: { onClose: () => void; actorRole: TRole }) {
  const queryClient = useQueryClient();
  const form = useContractForm({
    schema: ZAddUserSchema,
    initialValues: {
      method: 'invite' as TMethod,
      email: '',
      firstName: '',
      lastName: '',
      role: 'user' as TRole,
      rate: 0 as number | string,
      password: '',
    },
    toBody: (values) =>
      ({
        method: values.method,
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        role: values.role,
        // Decimal text as typed (decision 080: never a float); an empty box is $0, as before.
        burdenedLaborRate: String(values.rate).trim() === '' ? '0' : String(values.rate).trim(),
        ...(values.method === 'password' ? { password: values.password } : {}),
      }) as TAddUserInput,
    paths: { burdenedLaborRate: 'rate' },
  });
  const { method } = form.values;

  const mutation = useMutation({
    mutationFn: addUser,
    onSuccess: async (user, body) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: body.method === 'invite' ? 'Invitation sent' : 'User added',
        message:
          body.method === 'invite'
            ? `${user.email} will get an e-mail to choose a password.`
            : `${user.email} will get an e-mail to set their own password before logging in.`,
      });
      onClose();
    },
    onError: form.showFailure,
  });

  return (
    <form onSubmit={form.onSubmit((body) => mutation.mutate(body))} noValidate aria-label="Add a user">
      <Stack>
        <SegmentedControl
          fullWidth
          value={method}
          onChange={(value) => form.setFieldValue('method', value as TMethod)}
          data={[
            { value: 'invite', label: 'Invite by e-mail' },
            { value: 'password', label: 'Set a first password' },
          ]}
          aria-label="How to add the user"
        />
        <Text size="sm" c="dimmed">
          {method === 'invite'
            ? 'They get an e-mail with a link to choose their password. The link works for 7 days.'
            : 'They still get an e-mail and must set their own password from it before they can log in.'}
        </Text>
        <TextInput label="E-mail" type="email" required autoComplete="off" {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Role"
            data={roleOptions(actorRole)}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <NumberInput
            label="Burdened labor rate ($/hour)"
            min={0}
            decimalScale={2}
            fixedDecimalScale
            {...form.getInputProps('rate')}
          />
        </SimpleGrid>
        {method === 'password' ? (
          <PasswordInput
            label="First password"
            description="12 or more characters with upper and lower case letters, a number and a symbol."
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
        ) : null}
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={method === 'invite' ? 'Send invitation' : 'Add user'}
          pending={mutation.isPending}
        />
      </Stack>
    </form>
  );
}
