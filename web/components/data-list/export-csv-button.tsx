// "Export CSV" over a list: the page gives the download (the same search and filters as the list, every page);
// the button spins while it runs and a failure is a toast, since the list itself is still fine.
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';

export function ExportCsvButton({ onExport }: { onExport: () => Promise<unknown> }) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await onExport();
    } catch (failure) {
      toast('error', {
        title: 'Export failed',
        message: failure instanceof ApiError ? failure.message : 'Something went wrong. Try again.',
      });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={exporting}
      onClick={() => void run()}
    >
      Export CSV
    </Button>
  );
}
