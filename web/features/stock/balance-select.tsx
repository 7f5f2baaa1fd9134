// Picks one of an item's balances (a location, and a lot for lot-tracked items) with what it holds: the source of an
// issue, a move or an adjustment.
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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

/** The item's balances (one query, shared by the picker and the quantity field that says what is there). */
export function useItemBalances(item: TItem) {
  return useQuery({
    queryKey: stockKeys.balances(item.id),
    queryFn: ({ signal }) => getItemBalances(item.id, signal),
  });
}

/** What the balance `key` holds, once the balances have loaded. */
export function availableAt(balances: ReturnType<typeof useItemBalances>, key: string | null): string | null {
  const row = balances.data?.balances.find((b) => balanceKey(b.locationId, b.lotId) === key);
  return row?.quantity ?? null;
}

export function BalanceSelect({
  item,
  label,
  value,
  onChange,
  error,
  holdBlocks = false,
}: {
  item: TItem;
  label: string;
  /** The posting cannot take from a lot on hold (issue, move): such a balance is shown, disabled, "On hold". */
  holdBlocks?: boolean;
  /** The chosen balance's key (a form's input props fit). */
  value?: string | null;
  onChange: (key: string | null) => void;
  error?: ReactNode;
}) {
  const balances = useItemBalances(item);
  const rows = balances.data?.balances ?? [];
  const data = rows.map((b) => {
    const blocked = holdBlocks && b.onHold;
    return {
      value: balanceKey(b.locationId, b.lotId),
      label: `${b.locationCode}${b.lotNumber ? ` · lot ${b.lotNumber}` : ''} — ${b.quantity} ${item.unitOfMeasure}${blocked ? ' — On hold' : ''}`,
      disabled: blocked,
    };
  });
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
      value={value ?? null}
      searchable
      nothingFoundMessage={nothing}
      onChange={onChange}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
