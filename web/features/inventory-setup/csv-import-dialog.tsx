// Import a list from a CSV file (admins): choose a file, see what the server found — the counts and every problem
// by row and column — and import only a file without problems. A file with any bad row imports nothing. Items
// (decision 022) and suppliers (decision 075) are two configurations of it.
import { Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { CSV_IMPORT_MAX_CHARS } from '#common/schemas/csv-import.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import type { TCsvImportReport, TImportAnswer } from './csv-import-api.ts';

export interface TCsvImportSpec<TReport extends TCsvImportReport> {
  /** The dialog's title: "Import items from CSV". */
  title: string;
  /** One row of the file, singular: "item". */
  noun: string;
  /** The columns and what the import does with a row. */
  intro: ReactNode;
  send: (csv: string, mode: 'preview' | 'commit') => Promise<TImportAnswer<TReport>>;
  /** After a commit: refresh what shows the imported rows. */
  onImported: () => Promise<void>;
  /** The toast's title and message after a commit. */
  done: string;
  summary: (report: TReport, fileName: string) => string;
}

export function CsvImportDialog<TReport extends TCsvImportReport>({
  spec,
  opened,
  onClose,
}: {
  spec: TCsvImportSpec<TReport>;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={spec.title} size="xl">
      {opened ? <ImportBody spec={spec} onClose={onClose} /> : null}
    </Modal>
  );
}

export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function ImportBody<TReport extends TCsvImportReport>({
  spec,
  onClose,
}: {
  spec: TCsvImportSpec<TReport>;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<TReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const preview = useMutation({
    mutationFn: (text: string) => spec.send(text, 'preview'),
    onSuccess: (answer) => setReport(answer.result),
    onError: (error) => setFailure(messageOf(error)),
  });

  const commit = useMutation({
    mutationFn: () => spec.send(csv!, 'commit'),
    onSuccess: async (answer) => {
      setReport(answer.result);
      if (answer.refused) return;
      await spec.onImported();
      toast('success', { title: spec.done, message: spec.summary(answer.result, file?.name ?? 'the file') });
      onClose();
    },
    onError: (error) => setFailure(messageOf(error)),
  });

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setCsv(null);
    setReport(null);
    setFailure(null);
    if (!chosen) return;
    if (chosen.size > CSV_IMPORT_MAX_CHARS) {
      setFailure('The file is too large (maximum 5 MB). Split it into smaller files.');
      return;
    }
    const text = await chosen.text();
    setCsv(text);
    preview.mutate(text);
  };

  const errors = report?.errors ?? [];
  const ready = report !== null && errors.length === 0 && report.valid > 0;

  return (
    <Stack>
      <Text size="sm">{spec.intro}</Text>
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        leftSection={<IconFileTypeCsv size={16} />}
        value={file}
        onChange={(chosen) => void choose(chosen)}
        clearable
      />
      {preview.isPending ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          Checking the file…
        </Text>
      ) : null}
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      {report ? (
        <Text size="sm" aria-live="polite">
          {plural(report.rows, 'row')} · {report.valid} without problems ·{' '}
          {errors.length === 0 ? 'no problems' : plural(errors.length, 'problem')}
        </Text>
      ) : null}
      {errors.length > 0 ? (
        <>
          <ErrorAlert title="Nothing will be imported">
            Fix these rows in the file and choose it again.
          </ErrorAlert>
          <Table.ScrollContainer minWidth={480} mah={320}>
            <Table striped aria-label="Problems in the file">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Column</Table.Th>
                  <Table.Th>Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((e) => (
                  // A row can have several problems, but one per column.
                  <Table.Tr key={`${e.row}-${e.field}-${e.message}`}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{e.field}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!ready || preview.isPending}
          loading={commit.isPending}
          onClick={() => {
            setFailure(null);
            commit.mutate();
          }}
        >
          {report && ready ? `Import ${plural(report.valid, spec.noun)}` : `Import ${spec.noun}s`}
        </Button>
      </Group>
    </Stack>
  );
}
