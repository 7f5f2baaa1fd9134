// Import items from a CSV file (admins): choose a file, see what the server found — the counts and every problem
// by row and column — and import only a file without problems. A file with any bad row imports nothing.
import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ITEM_CSV_COLUMNS, ITEM_CSV_MAX_CHARS, type TItemImportResult } from '#common/schemas/items-csv.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { importItemsCsv } from './items-csv-api.ts';

export function ItemsImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import items from CSV" size="xl">
      {opened ? <ImportBody onClose={onClose} /> : null}
    </Modal>
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function ImportBody({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<TItemImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const preview = useMutation({
    mutationFn: (text: string) => importItemsCsv(text, 'preview'),
    onSuccess: (answer) => setReport(answer.result),
    onError: (error) => setFailure(messageOf(error)),
  });

  const commit = useMutation({
    mutationFn: () => importItemsCsv(csv!, 'commit'),
    onSuccess: async (answer) => {
      setReport(answer.result);
      if (answer.refused) return;
      await queryClient.invalidateQueries({ queryKey: queryKeys.items });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: 'Items imported',
        message: `${plural(answer.result.created, 'item')} added from ${file?.name ?? 'the file'}.`,
      });
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
    if (chosen.size > ITEM_CSV_MAX_CHARS) {
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
      <Text size="sm">
        One item per row, under a header row naming the columns: {ITEM_CSV_COLUMNS.join(', ')}. Only
        part_number and name are required. The import adds new items; a part number your company already has
        is reported as a problem. A file with any problem imports nothing.
      </Text>
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
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      {report ? (
        <Text size="sm" aria-live="polite">
          {plural(report.rows, 'row')} · {report.valid} without problems ·{' '}
          {errors.length === 0 ? 'no problems' : plural(errors.length, 'problem')}
        </Text>
      ) : null}
      {errors.length > 0 ? (
        <>
          <Alert color="red" role="alert" title="Nothing will be imported">
            Fix these rows in the file and choose it again.
          </Alert>
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
          {report && ready ? `Import ${plural(report.valid, 'item')}` : 'Import items'}
        </Button>
      </Group>
    </Stack>
  );
}
