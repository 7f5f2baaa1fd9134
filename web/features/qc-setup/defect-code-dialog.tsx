// Add a defect code or change one (admins): code, name, category, severity, and whether it is offered — the shared
// code-list dialog configured for defect codes. A code is never deleted: inspection results and scrap keep naming it.
import { Select, TextInput } from '@mantine/core';
import {
  DEFECT_SEVERITIES,
  type TDefectCode,
  type TDefectCodeInput,
  type TDefectSeverity,
  ZDefectCodeInputSchema,
} from '#common/schemas/defect-codes.ts';
import { CodeListDialog, type TCodeListDialogSpec } from '../../components/code-list-dialog.tsx';
import { createDefectCode, qcKeys, updateDefectCode } from './api.ts';
import { SEVERITY_LABELS } from './labels.ts';

type TValues = { code: string; name: string; category: string; severity: TDefectSeverity; active: boolean };

const DEFECT_CODE_SPEC: TCodeListDialogSpec<TDefectCode, TValues, TDefectCodeInput> = {
  noun: 'defect code',
  schema: ZDefectCodeInputSchema,
  valuesOf: (editing) => ({
    code: editing?.code ?? '',
    name: editing?.name ?? '',
    category: editing?.category ?? '',
    severity: editing?.severity ?? 'major',
    active: editing?.active ?? true,
  }),
  create: createDefectCode,
  update: updateDefectCode,
  listKey: qcKeys.defectCodes,
  codeHelp: 'Short and unique, e.g. SCR-01',
  activeHelp: 'Off: kept for the results that name it, no longer offered to inspectors and the floor',
  fields: (form) => (
    <>
      <TextInput label="Category" placeholder="Surface, Dimension…" {...form.getInputProps('category')} />
      <Select
        label="Severity"
        allowDeselect={false}
        data={DEFECT_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] }))}
        {...form.getInputProps('severity')}
      />
    </>
  ),
};

export function DefectCodeDialog({
  target,
  onClose,
}: {
  target: TDefectCode | 'new' | null;
  onClose: () => void;
}) {
  return <CodeListDialog spec={DEFECT_CODE_SPEC} target={target} onClose={onClose} />;
}
