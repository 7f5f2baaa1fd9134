// Add or edit a label format, with a live preview at the label's true proportions. Client checks use the contract's
// schema; the server's field errors (a name already used) land under their fields.
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import {
  LABEL_FIELD_LABELS,
  LABEL_FIELDS,
  SYMBOLOGIES,
  SYMBOLOGY_LABELS,
  type TLabelField,
  type TLabelFormat,
  type TLabelUnit,
  type TSymbology,
  ZLabelFormatInputSchema,
} from '#common/schemas/labels.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { createFormat, updateFormat } from './api.ts';
import type { TPreviewFormat } from './label-preview.tsx';

// The encoders (about 1 MB) load only when a format dialog opens, not with every admin tab.
const LabelPreview = lazy(() => import('./label-preview.tsx').then((m) => ({ default: m.LabelPreview })));

// A type rather than the preview's interface, so that it is a record of fields as the form kit takes.
type TDraft = Pick<TPreviewFormat, keyof TPreviewFormat> & { name: string };

const NEW_DRAFT: TDraft = {
  name: '',
  width: '4',
  height: '1',
  unit: 'in',
  symbology: 'qr',
  fields: ['partNumber', 'name'],
  freeText: '',
  textSize: 9,
};

/** The dialog of `target`: 'new' to add a format, a format to edit it, null when closed. */
export function FormatDialog({
  target,
  onClose,
}: {
  target: TLabelFormat | 'new' | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target === 'new' ? 'Add a label format' : target ? `Edit ${target.name}` : ''}
      size="lg"
    >
      {target ? (
        <FormatForm
          key={target === 'new' ? 'new' : target.id}
          format={target === 'new' ? null : target}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

/** The fields a format's form edits (a saved format's own id and dates are not the form's). */
function draftOf(format: TLabelFormat | null): TDraft {
  if (!format) return NEW_DRAFT;
  const { name, width, height, unit, symbology, fields, freeText, textSize } = format;
  return { name, width, height, unit, symbology, fields, freeText, textSize };
}

function FormatForm({ format, onClose }: { format: TLabelFormat | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useContractForm({ schema: ZLabelFormatInputSchema, initialValues: draftOf(format) });
  const draft = form.values;

  const save = useMutation({
    mutationFn: (body: TDraft) => (format ? updateFormat(format.id, body) : createFormat(body)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.labelFormats });
      toast('success', { title: format ? 'Label format saved' : 'Label format added', message: saved.name });
      onClose();
    },
    onError: (error) => {
      form.showFailure(error);
      toast('error', {
        title: 'The label format was not saved',
        message: error instanceof ApiError ? error.message : 'Try again in a moment.',
      });
    },
  });

  const toggleField = (field: TLabelField, on: boolean) =>
    form.setFieldValue(
      'fields',
      on
        ? LABEL_FIELDS.filter((f) => f === field || draft.fields.includes(f))
        : draft.fields.filter((f) => f !== field),
    );

  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput label="Width" required inputMode="decimal" {...form.getInputProps('width')} />
          <TextInput label="Height" required inputMode="decimal" {...form.getInputProps('height')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="label-unit">
              Unit
            </Text>
            <SegmentedControl
              aria-labelledby="label-unit"
              value={draft.unit}
              onChange={(v) => form.setFieldValue('unit', v as TLabelUnit)}
              data={[
                { value: 'in', label: 'in' },
                { value: 'mm', label: 'mm' },
              ]}
            />
          </Stack>
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="label-symbology">
            Code
          </Text>
          <SegmentedControl
            aria-labelledby="label-symbology"
            fullWidth
            value={draft.symbology}
            onChange={(v) => form.setFieldValue('symbology', v as TSymbology)}
            data={SYMBOLOGIES.map((s) => ({ value: s, label: SYMBOLOGY_LABELS[s] }))}
          />
        </Stack>
        <Checkbox.Group label="Fields that print (in this order)" error={form.errorOf('fields')}>
          <SimpleGrid cols={{ base: 2, xs: 4 }} mt={4}>
            {LABEL_FIELDS.map((field) => (
              <Checkbox
                key={field}
                label={LABEL_FIELD_LABELS[field]}
                checked={draft.fields.includes(field)}
                onChange={(e) => toggleField(field, e.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {draft.fields.includes('freeText') ? (
          <Textarea label="Free text" autosize maxRows={3} {...form.getInputProps('freeText')} />
        ) : null}
        <NumberInput
          label="Text size (pt)"
          required
          min={6}
          max={24}
          allowDecimal={false}
          value={Number.isNaN(draft.textSize) ? '' : draft.textSize}
          // An emptied box is NaN, which the contract calls "Text size is required" (0 would read "at least 6").
          onChange={(v) => form.setFieldValue('textSize', typeof v === 'number' ? v : Number.NaN)}
          error={form.errorOf('textSize')}
          maw={160}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Preview (sample item, true proportions)
          </Text>
          <Suspense fallback={<Skeleton height={80} />}>
            <LabelPreview format={{ ...draft, textSize: draft.textSize || 0 }} />
          </Suspense>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {format ? 'Save' : 'Add format'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
