// How labels print — the label format, the output (roll PDF, an Avery sheet, ZPL) and the printer's resolution — as
// Tag Items asks it and a page that prints one thing's label (a machine's) asks it too: one set of choices, kept by
// the hook, drawn by the fields.
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  PRINT_OUTPUT_LABELS,
  PRINT_OUTPUTS,
  type TPrintDpi,
  type TPrintOutput,
} from '#common/schemas/labels.ts';
import { listFormats } from '../lib/label-printing.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { LoadError } from './load-error.tsx';

/** The choices and the company's formats; the format is the first one until another is chosen. */
export function useLabelPrintOptions() {
  const formats = useQuery({
    queryKey: queryKeys.labelFormats,
    queryFn: ({ signal }) => listFormats(signal),
  });
  const [chosen, setFormatId] = useState<string | null>(null);
  const [output, setOutput] = useState<TPrintOutput>('roll');
  const [dpi, setDpi] = useState<TPrintDpi>(203);
  const formatId = chosen ?? formats.data?.items[0]?.id ?? null;
  return { formats, formatId, setFormatId, output, setOutput, dpi, setDpi };
}

export type TLabelPrintOptions = ReturnType<typeof useLabelPrintOptions>;

/** The format, the output and the printer's resolution, with the formats' failure to load said above them. */
export function LabelPrintOptions({ options }: { options: TLabelPrintOptions }) {
  const { formats, formatId, setFormatId, output, setOutput, dpi, setDpi } = options;
  const dpiLabel = useId();
  return (
    <Stack gap="sm">
      {formats.isError ? (
        <LoadError
          title="Label formats could not be loaded"
          error={formats.error}
          onRetry={() => void formats.refetch()}
        />
      ) : null}
      <Select
        label="Label format"
        data={(formats.data?.items ?? []).map((f) => ({
          value: f.id,
          label: `${f.name} (${f.width} x ${f.height} ${f.unit})`,
        }))}
        value={formatId}
        onChange={setFormatId}
        allowDeselect={false}
      />
      <Select
        label="Output"
        data={PRINT_OUTPUTS.map((o) => ({ value: o, label: PRINT_OUTPUT_LABELS[o] }))}
        value={output}
        onChange={(v) => v && setOutput(v as TPrintOutput)}
        allowDeselect={false}
        description={
          output.startsWith('avery')
            ? 'Sheets use the sheet’s label size with this format’s code and fields.'
            : undefined
        }
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={dpiLabel}>
          Printer resolution
        </Text>
        <SegmentedControl
          aria-labelledby={dpiLabel}
          value={String(dpi)}
          onChange={(v) => setDpi(Number(v) as TPrintDpi)}
          data={[
            { value: '203', label: '203 dpi' },
            { value: '300', label: '300 dpi' },
          ]}
        />
      </Stack>
    </Stack>
  );
}
