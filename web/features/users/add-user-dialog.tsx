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
import { type FormEvent, useState } from 'react';
import type { TRole } from '#common/roles.ts';
import { type TAddUserInput, ZAddUserSchema } from '#common/schemas/users.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { addUser } from './api.ts';
import { roleOptions } from './role-options.ts';

type TMethod = 'invite' | 'password';

const EMPTY = {
  email: '',
  firstName: '',
  lastName: '',
  role: 'user' as TRole,
  rate: 0 as number | string,
  password: '',
};

export function AddUserDialog({
  opened,
  onClose,
  actorRole,
}: {
  opened: boolean;
  onClose: () => void;
  actorRole: TRole;
}) {
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<TMethod>('invite');
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof EMPTY) => (value: string | number) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors(({ [field === 'rate' ? 'burdenedLaborRate' : field]: _gone, ...rest }) => rest);
  };

  const close = () => {
    setForm(EMPTY);
    setErrors({});
    setMethod('invite');
    onClose();
  };

  const mutation = useMutation({
    mutationFn: addUser,
    onSuccess: async (user) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: method === 'invite' ? 'Invitation sent' : 'User added',
        message:
          method === 'invite'
            ? `${user.email} will get an e-mail to choose a password.`
            : `${user.email} will get an e-mail to set their own password before logging in.`,
      });
      close();
    },
    onError: (failure) => {
      if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length > 0) {
        setErrors(failure.fieldErrors);
      } else {
        setErrors({
          form: failure instanceof ApiError ? failure.message : 'Something went wrong. Try again.',
        });
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TAddUserInput = {
      method,
      email: form.email,
      firstName: form.firstName,
      lastName: form.lastName,
      role: form.role,
      burdenedLaborRate: typeof form.rate === 'number' ? form.rate : Number(form.rate || 0),
      ...(method === 'password' ? { password: form.password } : {}),
    } as TAddUserInput;
    const parsed = ZAddUserSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    mutation.mutate(body);
  };

  return (
    <Modal opened={opened} onClose={close} title="Add a user" size="lg">
      <form onSubmit={submit} noValidate aria-label="Add a user">
        <Stack>
          <SegmentedControl
            fullWidth
            value={method}
            onChange={(value) => setMethod(value as TMethod)}
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
          <TextInput
            label="E-mail"
            type="email"
            required
            autoComplete="off"
            value={form.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="First name"
              required
              value={form.firstName}
              onChange={(e) => set('firstName')(e.currentTarget.value)}
              error={errors.firstName}
            />
            <TextInput
              label="Last name"
              required
              value={form.lastName}
              onChange={(e) => set('lastName')(e.currentTarget.value)}
              error={errors.lastName}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Role"
              data={roleOptions(actorRole)}
              value={form.role}
              onChange={(value) => value && set('role')(value)}
              allowDeselect={false}
              error={errors.role}
            />
            <NumberInput
              label="Burdened labor rate ($/hour)"
              min={0}
              decimalScale={2}
              fixedDecimalScale
              value={form.rate}
              onChange={set('rate')}
              error={errors.burdenedLaborRate}
            />
          </SimpleGrid>
          {method === 'password' ? (
            <PasswordInput
              label="First password"
              description="12 or more characters with upper and lower case letters, a number and a symbol."
              required
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password')(e.currentTarget.value)}
              error={errors.password}
            />
          ) : null}
          <FormFooter
            error={errors.form}
            onCancel={close}
            submitLabel={method === 'invite' ? 'Send invitation' : 'Add user'}
            pending={mutation.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
