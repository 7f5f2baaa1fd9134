// Import suppliers from a CSV file (admins, decision 075): the CSV import dialog for suppliers. A new code adds a
// supplier, a code the company has (in any case) changes it; a file with any problem imports nothing.
import { useQueryClient } from '@tanstack/react-query';
import { SUPPLIER_CSV_COLUMNS, type TSupplierImportResult } from '#common/schemas/suppliers-csv.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { CsvImportDialog, plural } from './csv-import-dialog.tsx';
import { importSuppliersCsv, suppliersKey } from './suppliers-api.ts';

export function SuppliersImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <CsvImportDialog<TSupplierImportResult>
      opened={opened}
      onClose={onClose}
      spec={{
        title: 'Import suppliers from CSV',
        noun: 'supplier',
        intro: `One supplier per row, under a header row naming the columns: ${SUPPLIER_CSV_COLUMNS.join(', ')}. Only code and name are required; active is yes or no. A new code adds a supplier; a code your company already has changes that supplier, and a column the file leaves out keeps what it holds. A file with any problem imports nothing.`,
        send: importSuppliersCsv,
        onImported: async () => {
          await queryClient.invalidateQueries({ queryKey: suppliersKey });
          void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
        },
        done: 'Suppliers imported',
        summary: (report, fileName) =>
          `${plural(report.created, 'supplier')} added and ${report.updated} changed from ${fileName}.`,
      }}
    />
  );
}
