// One table of the Quality dashboard as text (common/quality/dashboard-tables.ts, which the CSV is written from too):
// its heading, "Export CSV" of the same rows, and the rows — scrolling sideways inside its own box on a phone rather
// than widening the page — or what an empty table means.
import { Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import type { TTableText } from '#common/quality/dashboard-tables.ts';
import { ExportCsvButton } from '../../components/data-list/export-csv-button.tsx';

/** Columns from the third on are counts and ratios: aligned right. */
const isNumeric = (index: number, header: string) => index >= 2 || /^(Defects|FPY|Passed|Units)/.test(header);

export function ReportTable({
  table,
  empty,
  exportCsv,
  minWidth = 760,
  rowAction,
}: {
  table: TTableText;
  /** A last cell per row (by the row's index), e.g. the inspections behind it; its header is read by screen readers. */
  rowAction?: { header: string; cell: (index: number) => ReactNode } | undefined;
  /** Said instead of an empty table. */
  empty: string;
  exportCsv?: (() => Promise<unknown>) | undefined;
  minWidth?: number;
}) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="lg" id={headingId}>
          {table.title}
        </Title>
        {exportCsv && table.rows.length > 0 ? <ExportCsvButton onExport={exportCsv} /> : null}
      </Group>
      {table.rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table aria-labelledby={headingId} striped>
            <Table.Thead>
              <Table.Tr>
                {table.header.map((h, i) => (
                  <Table.Th key={h} ta={isNumeric(i, h) ? 'right' : undefined}>
                    {h}
                  </Table.Th>
                ))}
                {rowAction ? (
                  <Table.Th>
                    <VisuallyHidden>{rowAction.header}</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row, index) => (
                <Table.Tr key={row.join('\u0000')}>
                  {row.map((cell, i) => (
                    <Table.Td
                      key={table.header[i]}
                      ta={isNumeric(i, table.header[i] ?? '') ? 'right' : undefined}
                    >
                      {cell}
                    </Table.Td>
                  ))}
                  {rowAction ? <Table.Td>{rowAction.cell(index)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
