// Import items from a CSV file (admins, decision 022): the CSV import dialog for items. The import adds new items; a
// part number the company already has is a problem, and a file with any problem imports nothing.
import { useQueryClient } from '@tanstack/react-query';
import { ITEM_CSV_COLUMNS, type TItemImportResult } from '#common/schemas/items-csv.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { CsvImportDialog, plural } from './csv-import-dialog.tsx';
import { importItemsCsv } from './items-csv-api.ts';

export function ItemsImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <CsvImportDialog<TItemImportResult>
      opened={opened}
      onClose={onClose}
      spec={{
        title: 'Import items from CSV',
        noun: 'item',
        intro: `One item per row, under a header row naming the columns: ${ITEM_CSV_COLUMNS.join(', ')}. Only part_number and name are required. The import adds new items; a part number your company already has is reported as a problem. A file with any problem imports nothing.`,
        send: importItemsCsv,
        onImported: async () => {
          await queryClient.invalidateQueries({ queryKey: queryKeys.items });
          void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
          void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
        },
        done: 'Items imported',
        summary: (report, fileName) => `${plural(report.created, 'item')} added from ${fileName}.`,
      }}
    />
  );
}
