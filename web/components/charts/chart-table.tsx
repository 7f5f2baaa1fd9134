// The numbers behind a chart as a table: named, described by the chart's caption, each row headed by its category
// or date, numbers right-aligned. A long table scrolls in a region that takes keyboard focus, so it can be scrolled
// without a mouse.
import { Box, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useChartCaptionId } from './chart-figure.tsx';

export interface TChartTableColumn {
  header: string;
  /** Right-aligned, as numbers are. */
  numeric?: boolean;
}

export interface TChartTableRow {
  key: string;
  /** One cell per column; the first heads its row. */
  cells: ReactNode[];
}

export interface TChartTableProps {
  /** The table's name, e.g. "Sign-in failures per bucket". */
  label: string;
  columns: TChartTableColumn[];
  rows: TChartTableRow[];
  /** Anything to read before the rows, e.g. the control limits. */
  before?: ReactNode;
}

export function ChartTable({ label, columns, rows, before }: TChartTableProps) {
  const captionId = useChartCaptionId();
  const align = (index: number) => (columns[index]?.numeric ? 'right' : undefined);
  return (
    <>
      {before}
      <Box mah={320} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={label}>
        <Table striped withTableBorder aria-label={label} aria-describedby={captionId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) => (
                <Table.Th key={column.header} scope="col" ta={align(index)}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, one per column
                    <Table.Th key={index} scope="row" fw="normal">
                      {cell}
                    </Table.Th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, one per column
                    <Table.Td key={index} ta={align(index)}>
                      {cell}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </>
  );
}
