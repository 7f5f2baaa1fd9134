// "New assembly": choose the item that is built; it gets an empty draft revision 1 and its page opens.
import { Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ZAssemblyCreateSchema } from '#common/schemas/build.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { ItemSelect, type TItemOption } from '../../components/item-pickers.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { buildKeys, createAssembly } from './api.ts';

export function NewAssemblyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New assembly" size="md">
      {opened ? <NewAssemblyForm onClose={onClose} /> : null}
    </Modal>
  );
}

function NewAssemblyForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useContractForm({
    schema: ZAssemblyCreateSchema,
    initialValues: { item: null as TItemOption | null },
    toBody: (v) => ({ itemId: v.item?.value ?? '' }),
    paths: { itemId: 'item' },
    rules: (v) => ({ item: !v.item && 'Choose the item that is built' }),
  });
  const save = useMutation({
    mutationFn: (body: { itemId: string }) => createAssembly(body.itemId),
    onSuccess: async (made) => {
      await client.invalidateQueries({ queryKey: buildKeys.all });
      onClose();
      navigate(`/assembly-setup?id=${encodeURIComponent(made.id)}`);
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="New assembly">
      <Stack>
        <Text size="sm" c="dimmed">
          An assembly is an item you build. It starts with an empty draft revision for its components and
          steps.
        </Text>
        <ItemSelect
          label="Item that is built"
          value={form.values.item}
          onChange={(item) => form.setFieldValue('item', item)}
          error={form.errorOf('item')}
          autoFocus
        />
        <FormFooter error={form.formError} onCancel={onClose} submitLabel="Create" pending={save.isPending} />
      </Stack>
    </form>
  );
}
