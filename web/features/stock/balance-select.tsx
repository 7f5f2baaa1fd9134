// Picks one of an item's balances (a location, and a lot for lot-tracked items) with what it holds: the source of an
// issue, a move or an adjustment.
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { getItemBalances } from './api.ts';
import { stockKeys } from './stock-keys.ts';

/** A balance as a select value: "<locationId>|<lotId or empty>". */
export const balanceKey = (locationId: string, lotId: string | null | undefined) =>
  `${locationId}|${lotId ?? ''}`;

export function parseBalanceKey(key: string): { locationId: string; lotId: string | null } {
  const [locationId = '', lotId = ''] = key.split('|');
  return { locationId, lotId: lotId || null };
}

export function BalanceSelect({
  item,
  label,
  value,
  onChange,
  error,
}: {
  item: TItem;
  label: string;
  value: string | null;
  onChange: (key: string | null, available: string | null) => void;
  error?: string | undefined;
}) {
  const balances = useQuery({
    queryKey: stockKeys.balances(item.id),
    queryFn: ({ signal }) => getItemBalances(item.id, signal),
  });
  const rows = balances.data?.balances ?? [];
  const data = rows.map((b) => ({
    value: balanceKey(b.locationId, b.lotId),
    label: `${b.locationCode}${b.lotNumber ? ` · lot ${b.lotNumber}` : ''} — ${b.quantity} ${item.unitOfMeasure}`,
  }));
  const nothing = balances.isError
    ? `Stock could not be loaded: ${messageOf(balances.error)}`
    : balances.isPending
      ? 'Loading…'
      : `No stock of ${item.partNumber} anywhere: receive some first.`;
  return (
    <Select
      label={label}
      placeholder={rows.length ? 'Choose where from' : nothing}
      data={data}
      value={value}
      searchable
      nothingFoundMessage={nothing}
      onChange={(key) => {
        const row = rows.find((b) => balanceKey(b.locationId, b.lotId) === key);
        onChange(key, row?.quantity ?? null);
      }}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
