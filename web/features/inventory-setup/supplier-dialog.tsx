// Add a supplier or change one (admins): code, name, contact, e-mail, and whether it is on — the shared code-list
// dialog configured for suppliers. A supplier is never deleted: receipts and lots keep naming it.
import { TextInput } from '@mantine/core';
import { type TSupplier, type TSupplierInput, ZSupplierInputSchema } from '#common/schemas/suppliers.ts';
import { CodeListDialog, type TCodeListDialogSpec } from '../../components/code-list-dialog.tsx';
import { createSupplier, suppliersKey, updateSupplier } from './suppliers-api.ts';

type TValues = { code: string; name: string; contact: string; email: string; active: boolean };

const SUPPLIER_SPEC: TCodeListDialogSpec<TSupplier, TValues, TSupplierInput> = {
  noun: 'supplier',
  schema: ZSupplierInputSchema,
  valuesOf: (editing) => ({
    code: editing?.code ?? '',
    name: editing?.name ?? '',
    contact: editing?.contact ?? '',
    email: editing?.email ?? '',
    active: editing?.active ?? true,
  }),
  create: createSupplier,
  update: updateSupplier,
  listKey: suppliersKey,
  codeHelp: 'Short and unique in your company',
  activeHelp: 'Off: kept for the receipts that name it, no longer offered when receiving',
  fields: (form) => (
    <>
      <TextInput label="Contact" {...form.getInputProps('contact')} />
      <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
    </>
  ),
};

export function SupplierDialog({
  target,
  onClose,
}: {
  target: TSupplier | 'new' | null;
  onClose: () => void;
}) {
  return <CodeListDialog spec={SUPPLIER_SPEC} target={target} onClose={onClose} />;
}
