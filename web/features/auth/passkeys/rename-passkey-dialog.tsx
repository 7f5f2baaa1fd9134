// Renaming one of the person's passkeys: its name, checked with the same contract as when it was added, and saved
// with a toast. The server's refusal (the passkey was removed meanwhile, in another tab) shows above the buttons.
import { Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TPasskey, type TPasskeyRename, ZPasskeyRenameSchema } from '#common/schemas/passkeys.ts';
import { FormFooter } from '../../../components/form-footer.tsx';
import { useContractForm } from '../../../lib/contract-form.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { renamePasskey } from './api.ts';

export function RenamePasskeyDialog({ passkey, onClose }: { passkey: TPasskey | null; onClose: () => void }) {
  // A fresh form for each passkey opened.
  return passkey ? <RenameForm key={passkey.id} passkey={passkey} onClose={onClose} /> : null;
}

function RenameForm({ passkey, onClose }: { passkey: TPasskey; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useContractForm<TPasskeyRename>({
    schema: ZPasskeyRenameSchema,
    initialValues: { name: passkey.name },
  });
  const rename = useMutation({
    mutationFn: (body: TPasskeyRename) => renamePasskey(passkey.id, body.name),
    onSuccess: async (renamed) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.passkeys });
      toast('success', { title: 'Passkey renamed', message: `“${passkey.name}” is “${renamed.name}” now.` });
      onClose();
    },
    onError: form.showFailure,
  });

  return (
    <Modal opened onClose={onClose} title="Rename passkey">
      <form onSubmit={form.onSubmit((body) => rename.mutate(body))} noValidate aria-label="Rename passkey">
        <Stack gap="sm">
          <TextInput
            label="Name"
            description="So you can tell your passkeys apart, e.g. “Work laptop”"
            data-autofocus
            {...form.getInputProps('name')}
          />
          <FormFooter
            error={form.formError}
            onCancel={onClose}
            submitLabel="Save name"
            pending={rename.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
