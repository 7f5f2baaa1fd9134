// The dialogs a scan card opens: the stock dialogs and the borrowing dialogs, reused as they are, with the scanned
// lot and (when the stock is in one place) its location preset, and Issue with the job scanned last (decision 083).
// Return first shows what of the item is out on loan.
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { borrowerLabel, type TBorrowing } from '#common/schemas/borrowing.ts';
import type { TScanResult } from '#common/schemas/scan.ts';
import type { TJobOption } from '../../components/job-picker.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { listBorrowings } from '../../features/borrowing/api.ts';
import { BorrowDialog } from '../../features/borrowing/borrow-dialog.tsx';
import { ReturnDialog } from '../../features/borrowing/return-dialog.tsx';
import { IssueDialog } from '../../features/stock/issue-dialog.tsx';
import { MoveDialog } from '../../features/stock/move-dialog.tsx';
import { ReceiveDialog } from '../../features/stock/receive-dialog.tsx';
import { queryKeys } from '../../lib/query-keys.ts';

type TStockResult = Extract<TScanResult, { kind: 'item' | 'lot' }>;

/** The dialog open on the scan page, if any. */
export type TScanDialog =
  | { kind: 'receive' | 'issue' | 'move' | 'borrow' | 'return-pick'; result: TStockResult }
  | { kind: 'issue'; result: TStockResult; job: TJobOption | null }
  | { kind: 'move'; result: TStockResult; to: { id: string; code: string } }
  | { kind: 'return'; borrowing: TBorrowing };

/** The scanned lot, and the location when all of the scanned stock is in one place. */
export function presetOf(result: TStockResult): { locationId: string | null; lotId: string | null } {
  const lotId = result.kind === 'lot' ? result.lot.id : null;
  const only = result.balanceCount === 1 ? result.balances[0] : undefined;
  return { locationId: only?.locationId ?? null, lotId: lotId ?? only?.lotId ?? null };
}

function ReturnPick({
  result,
  onPick,
  onClose,
}: {
  result: TStockResult;
  onPick: (borrowing: TBorrowing) => void;
  onClose: () => void;
}) {
  const query = { page: 1, pageSize: 20, status: 'out' as const, q: '', itemId: result.item.id };
  const out = useQuery({
    queryKey: queryKeys.borrowingsPage(query),
    queryFn: ({ signal }) => listBorrowings(query, signal),
  });
  const lotId = result.kind === 'lot' ? result.lot.id : null;
  const rows = (out.data?.items ?? []).filter((b) => lotId === null || b.lotId === lotId);
  return (
    <Stack>
      {out.isError ? (
        <LoadError
          title="What is out could not be loaded"
          error={out.error}
          onRetry={() => void out.refetch()}
        />
      ) : !out.data ? (
        <Text>Loading…</Text>
      ) : rows.length === 0 ? (
        <Text>Nothing of {result.item.partNumber} is out on loan.</Text>
      ) : (
        rows.map((b) => (
          <Button
            key={b.id}
            size="lg"
            variant="light"
            fullWidth
            onClick={() => onPick(b)}
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            {b.outstanding} {b.unitOfMeasure} with {borrowerLabel(b)}
            {b.lotNumber ? ` · lot ${b.lotNumber}` : ''}
          </Button>
        ))
      )}
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
    </Stack>
  );
}

export function ScanDialogs({
  dialog,
  onChange,
}: {
  dialog: TScanDialog | null;
  onChange: (dialog: TScanDialog | null) => void;
}) {
  const close = () => onChange(null);
  if (!dialog) return null;
  if (dialog.kind === 'return') return <ReturnDialog borrowing={dialog.borrowing} onClose={close} />;
  const { result } = dialog;
  const preset = presetOf(result);
  switch (dialog.kind) {
    case 'receive':
      return (
        <ReceiveDialog
          opened
          onClose={close}
          item={result.item}
          locationId={preset.locationId}
          lotId={preset.lotId}
        />
      );
    case 'issue':
      return (
        <IssueDialog
          opened
          onClose={close}
          item={result.item}
          {...preset}
          job={'job' in dialog ? dialog.job : null}
        />
      );
    case 'move':
      return (
        <MoveDialog
          opened
          onClose={close}
          item={result.item}
          {...preset}
          toLocationId={'to' in dialog ? dialog.to.id : null}
          toLocationCode={'to' in dialog ? dialog.to.code : null}
        />
      );
    case 'borrow':
      return <BorrowDialog opened onClose={close} item={result.item} {...preset} />;
    case 'return-pick':
      return (
        <Modal opened onClose={close} title={`Return ${result.item.partNumber}`}>
          <ReturnPick
            result={result}
            onClose={close}
            onPick={(borrowing) => onChange({ kind: 'return', borrowing })}
          />
        </Modal>
      );
  }
}
