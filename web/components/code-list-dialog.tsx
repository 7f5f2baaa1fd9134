// Adding or changing a row of a company code list (decision 075's server/modules/code-lists): defect codes in QC
// Setup, suppliers in Inventory Setup. One dialog: the code and name every list has, the list's own fields, "Active"
// (a code is never deleted — what was recorded keeps naming it — so switching it off is how it leaves the pickers),
// the list's contract checking the form as the server does, and on saving the list and the audit refreshed.
import { Checkbox, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type TContractForm, type TContractFormOptions, useContractForm } from '../lib/contract-form.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { toast } from '../lib/toast.ts';
import { FormFooter } from './form-footer.tsx';

/** What every code list's row has. */
export interface TCodeListRow {
  id: string;
  code: string;
  name: string;
  active: boolean;
}

/** What every code list's form holds; a list adds its own fields. */
export type TCodeListValues = { code: string; name: string; active: boolean } & Record<string, unknown>;

/** One list's words, contract, calls and fields. */
export interface TCodeListDialogSpec<TRow extends TCodeListRow, TValues extends TCodeListValues, TBody> {
  /** The row's name in the dialog's words, e.g. "defect code", "supplier". */
  noun: string;
  schema: TContractFormOptions<TValues, TBody>['schema'];
  /** The form's values: the row's when editing, the list's defaults when adding. */
  valuesOf: (editing: TRow | null) => TValues;
  create: (body: TBody) => Promise<TRow>;
  update: (id: string, body: TBody) => Promise<TRow>;
  /** The list's query key, refreshed after a save. */
  listKey: readonly unknown[];
  /** The code field's help, e.g. "Short and unique, e.g. SCR-01". */
  codeHelp: string;
  /** What "Active" off means for this list. */
  activeHelp: string;
  /** The list's own fields, after Code and Name in the grid. */
  fields: (form: TContractForm<TValues, TBody>) => ReactNode;
}

export function CodeListDialog<TRow extends TCodeListRow, TValues extends TCodeListValues, TBody>({
  spec,
  target,
  onClose,
}: {
  spec: TCodeListDialogSpec<TRow, TValues, TBody>;
  /** The row to edit, 'new' to add one, null while closed. */
  target: TRow | 'new' | null;
  onClose: () => void;
}) {
  const editing = target && target !== 'new' ? target : null;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? `Edit ${editing.code}` : `Add a ${spec.noun}`}
    >
      {target ? (
        <CodeListForm key={editing?.id ?? 'new'} spec={spec} editing={editing} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

function CodeListForm<TRow extends TCodeListRow, TValues extends TCodeListValues, TBody>({
  spec,
  editing,
  onClose,
}: {
  spec: TCodeListDialogSpec<TRow, TValues, TBody>;
  editing: TRow | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useContractForm<TValues, TBody>({
    schema: spec.schema,
    initialValues: spec.valuesOf(editing),
  });
  const save = useMutation({
    mutationFn: (body: TBody) => (editing ? spec.update(editing.id, body) : spec.create(body)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: spec.listKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: `${capitalised(spec.noun)} ${editing ? 'saved' : 'added'}`,
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
      aria-label={editing ? `Edit ${spec.noun}` : `Add a ${spec.noun}`}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Code"
            description={spec.codeHelp}
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('code')}
          />
          <TextInput label="Name" required {...form.getInputProps('name')} />
          {spec.fields(form)}
        </SimpleGrid>
        <Checkbox
          label="Active"
          description={spec.activeHelp}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={editing ? 'Save' : `Add ${spec.noun}`}
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
