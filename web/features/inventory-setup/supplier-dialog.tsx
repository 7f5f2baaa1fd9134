// Add a supplier or change one (admins): code, name, contact, e-mail, and whether it is on. A supplier is never
// deleted — receipts and lots keep naming it — so "Active" off is how one leaves the pickers.
import { Checkbox, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TSupplier, type TSupplierInput, ZSupplierInputSchema } from '#common/schemas/suppliers.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { createSupplier, suppliersKey, updateSupplier } from './suppliers-api.ts';

export function SupplierDialog({
  target,
  onClose,
}: {
  target: TSupplier | 'new' | null;
  onClose: () => void;
}) {
  const editing = target && target !== 'new' ? target : null;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? `Edit ${editing.code}` : 'Add a supplier'}
    >
      {target ? <SupplierForm key={editing?.id ?? 'new'} editing={editing} onClose={onClose} /> : null}
    </Modal>
  );
}

function SupplierForm({ editing, onClose }: { editing: TSupplier | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useContractForm<
    { code: string; name: string; contact: string; email: string; active: boolean },
    TSupplierInput
  >({
    schema: ZSupplierInputSchema,
    initialValues: {
      code: editing?.code ?? '',
      name: editing?.name ?? '',
      contact: editing?.contact ?? '',
      email: editing?.email ?? '',
      active: editing?.active ?? true,
    },
    toBody: (values) => values,
  });
  const save = useMutation({
    mutationFn: (body: TSupplierInput) => (editing ? updateSupplier(editing.id, body) : createSupplier(body)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: suppliersKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: editing ? 'Supplier saved' : 'Supplier added',
        message: `${saved.code} · ${saved.name}${saved.active ? '' : ' (switched off)'}`,
      });
      onClose();
    },
    onError: form.showFailure,
  });
  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label={editing ? 'Edit supplier' : 'Add a supplier'}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Code"
            description="Short and unique in your company"
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('code')}
          />
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Contact" {...form.getInputProps('contact')} />
          <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        </SimpleGrid>
        <Checkbox
          label="Active"
          description="Off: kept for the receipts that name it, no longer offered when receiving"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={editing ? 'Save' : 'Add supplier'}
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
