// Change a user's role, burdened labor rate and active state; only what changed is sent.
import { Alert, Button, Modal, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { compareDecimal, isDecimal } from '#common/decimal.ts';
import type { TRole } from '#common/roles.ts';
import { type TCompanyUser, type TUpdateUser, ZUpdateUserSchema } from '#common/schemas/users.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { formatMoney } from '../../lib/format-money.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { resetTwoFactor, updateUser } from './api.ts';
import { ROLE_LABELS, roleOptions } from './role-options.ts';

/** What the save changed, in words, for the toast. */
function describeChange(before: TCompanyUser, after: TCompanyUser): string {
  const parts: string[] = [];
  if (before.role !== after.role) parts.push(`role ${ROLE_LABELS[after.role]}`);
  if (before.burdenedLaborRate !== after.burdenedLaborRate) {
    parts.push(`rate ${formatMoney(after.burdenedLaborRate)}/hour`);
  }
  if (before.active !== after.active) parts.push(after.active ? 'reactivated' : 'inactivated and signed out');
  return parts.length > 0 ? `${after.firstName} ${after.lastName}: ${parts.join(', ')}.` : 'Nothing changed.';
}

export function EditUserDialog({
  user,
  onClose,
  actorRole,
  actorId,
}: {
  user: TCompanyUser | null;
  onClose: () => void;
  actorRole: TRole;
  actorId: string;
}) {
  // A fresh form for each user opened.
  return user ? (
    <EditUserForm key={user.id} user={user} onClose={onClose} actorRole={actorRole} actorId={actorId} />
  ) : null;
}

function EditUserForm({
  user,
  onClose,
  actorRole,
  actorId,
}: {
  user: TCompanyUser;
  onClose: () => void;
  actorRole: TRole;
  actorId: string;
}) {
  const queryClient = useQueryClient();
  const patchOf = (values: { role: TRole; rate: number | string; active: boolean }): Partial<TUpdateUser> => {
    // The rate goes as decimal text, as typed (decision 080: never a float); an emptied rate is "", which the
    // contract calls "Burdened labor rate is required" (not a silent $0).
    const rate = String(values.rate).trim();
    const unchanged = isDecimal(rate, 6) && compareDecimal(rate, user.burdenedLaborRate) === 0;
    return {
      ...(values.role !== user.role ? { role: values.role } : {}),
      ...(unchanged ? {} : { burdenedLaborRate: rate }),
      ...(values.active !== user.active ? { active: values.active } : {}),
    };
  };
  // Only what changed is checked and sent.
  const form = useContractForm({
    schema: ZUpdateUserSchema,
    initialValues: { role: user.role, rate: user.burdenedLaborRate as number | string, active: user.active },
    toBody: patchOf,
    paths: { burdenedLaborRate: 'rate' },
  });

  const mutation = useMutation({
    mutationFn: (patch: Partial<TUpdateUser>) => updateUser(user.id, patch),
    onSuccess: async (after) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', { title: 'User updated', message: describeChange(user, after) });
      onClose();
    },
    onError: form.showFailure,
  });

  const reset = useMutation({
    mutationFn: (id: string) => resetTwoFactor(id),
    onSuccess: async (after) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      toast('success', {
        title: 'Two-factor removed',
        message: `${after.firstName} ${after.lastName} can log in with their password and set up a new app.`,
      });
      onClose();
    },
    onError: form.showFailure,
  });

  const isSelf = user.id === actorId;
  const { active } = form.values;
  const changed = Object.keys(patchOf(form.values)).length > 0;
  // A sysadmin's row is read-only for admins (the server refuses too); say so instead of failing on save.
  const locked = user.role === 'sysadmin' && actorRole !== 'sysadmin';

  return (
    <Modal opened onClose={onClose} title={`Edit ${user.firstName} ${user.lastName}`}>
      <form onSubmit={form.onSubmit((patch) => mutation.mutate(patch))} noValidate aria-label="Edit user">
        <Stack>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
          {locked ? <Alert color="gray">Only a sysadmin can change a sysadmin.</Alert> : null}
          <Select
            label="Role"
            data={roleOptions(actorRole).concat(
              user.role === 'sysadmin' && actorRole !== 'sysadmin'
                ? [{ value: 'sysadmin', label: 'Sysadmin' }]
                : [],
            )}
            allowDeselect={false}
            disabled={locked}
            {...form.getInputProps('role')}
          />
          <NumberInput
            label="Burdened labor rate ($/hour)"
            required
            description="Changes apply from now on; cost reports keep the rate in force at the time."
            min={0}
            decimalScale={2}
            fixedDecimalScale
            disabled={locked}
            {...form.getInputProps('rate')}
          />
          <Switch
            label="Active"
            description={
              isSelf
                ? 'You cannot inactivate your own account.'
                : active
                  ? 'Active users can log in and count toward your plan.'
                  : 'Inactive users are signed out at once and cannot log in.'
            }
            disabled={locked || isSelf}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          {user.mfaEnabled && !isSelf && !locked ? (
            <Alert color="gray" title="Two-factor authentication is on">
              <Text size="sm" mb="xs">
                If they lost their authenticator app, remove it: they log in with their password alone, are
                signed out everywhere now, and can set up a new app from their user menu.
              </Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={reset.isPending}
                onClick={() => reset.mutate(user.id)}
              >
                Remove their two-factor
              </Button>
            </Alert>
          ) : null}
          <FormFooter
            error={form.formError}
            onCancel={onClose}
            submitLabel="Save"
            pending={mutation.isPending}
            disabled={!changed || locked}
          />
        </Stack>
      </form>
    </Modal>
  );
}
