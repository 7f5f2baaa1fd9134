// "Print label" for one thing from its own page (a machine's, issue 29): the label Tag Items prints for it
// (decision 060), with Tag Items' choices of format, output and resolution, and copies. The file downloads as Tag
// Items' does; the label's code is made on first print and kept, so a reprint scans the same.
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { PRINT_MAX_COPIES, type TPrintTargetKind } from '#common/schemas/labels.ts';
import { track } from '../lib/analytics.ts';
import { ApiError } from '../lib/api-client.ts';
import { download, printLabels } from '../lib/label-printing.ts';
import { toast } from '../lib/toast.ts';
import { FormFooter } from './form-footer.tsx';
import { LabelPrintOptions, useLabelPrintOptions } from './label-print-options.tsx';

const KIND_WORDS: Record<TPrintTargetKind, string> = {
  item: 'item',
  lot: 'lot',
  location: 'location',
  'work-order': 'work order',
  machine: 'machine',
  job: 'job',
};

export interface TPrintLabelDialogProps {
  opened: boolean;
  onClose: () => void;
  target: { kind: TPrintTargetKind; id: string };
  /** What the label is of, as the dialog's title names it: "Press 4 (M-0001)". */
  name: string;
}

export function PrintLabelDialog({ opened, onClose, target, name }: TPrintLabelDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Print the label of ${name}`}>
      {/* Mounted only while open: each opening starts from the first format and one copy. */}
      {opened ? <PrintLabelForm target={target} name={name} onClose={onClose} /> : null}
    </Modal>
  );
}

function PrintLabelForm({ target, name, onClose }: Omit<TPrintLabelDialogProps, 'opened'>) {
  const options = useLabelPrintOptions();
  const [copies, setCopies] = useState(1);
  const [printing, setPrinting] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const print = async (event: FormEvent) => {
    event.preventDefault();
    if (!options.formatId) return;
    setError(undefined);
    setPrinting(true);
    try {
      const file = await printLabels(
        {
          formatId: options.formatId,
          output: options.output,
          dpi: options.dpi,
          targets: [{ ...target, copies }],
          everythingIn: null,
        },
        () => undefined,
      );
      download(file);
      track('print_labels', { value: file.labels, output: options.output });
      toast('success', {
        title: `${file.labels} ${file.labels === 1 ? 'label' : 'labels'} ready`,
        message: file.filename,
      });
      onClose();
    } catch (e) {
      const message = e instanceof ApiError ? e.message : 'The label could not be printed. Try again.';
      setError(message);
      toast('error', { title: 'Label not printed', message });
    } finally {
      setPrinting(false);
    }
  };

  return (
    <form onSubmit={print} noValidate aria-label={`Print the label of ${name}`}>
      <Stack>
        <Text size="sm" c="dimmed">
          The label Tag Items prints: scanned, it opens this {KIND_WORDS[target.kind]}. A reprint carries the
          same code.
        </Text>
        <LabelPrintOptions options={options} />
        <NumberInput
          label="Copies"
          min={1}
          max={PRINT_MAX_COPIES}
          allowDecimal={false}
          value={copies}
          onChange={(v) => setCopies(Math.max(1, Math.min(PRINT_MAX_COPIES, Number(v) || 1)))}
        />
        <FormFooter
          error={error}
          onCancel={onClose}
          submitLabel="Print label"
          pending={printing}
          disabled={!options.formatId}
        />
      </Stack>
    </form>
  );
}
