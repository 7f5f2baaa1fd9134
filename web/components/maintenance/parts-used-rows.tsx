// The "parts used" rows of a maintenance form (resolving a breakdown; completing a PM reuses them): each row an item
// (searched on the server), where it comes from — one of the item's balances, a location and for lot-tracked items
// a lot, shown with what it holds — and how much. The rows become the contract's `parts` array
// (common/schemas/maintenance-parts.ts), and the server's refusals (not enough stock, a lot needed) land on the row.
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TPartUsedInput } from '#common/schemas/maintenance-parts.ts';
import type { TItemBalances } from '#common/schemas/stock.ts';
import { api } from '../../lib/api-client.ts';
import { messageOf } from '../../lib/api-errors.ts';
import type { TContractForm } from '../../lib/contract-form.ts';
import { AddRowButton, FormRow } from '../form-rows.tsx';
import { ItemSelect, type TItemOption } from '../item-pickers.tsx';

/** One row as the form keeps it. */
export interface TPartRow {
  item: TItemOption | null;
  /** The balance it comes from: "<locationId>|<lotId or empty>". */
  source: string | null;
  quantity: string;
}

export const emptyPartRow = (): TPartRow => ({ item: null, source: null, quantity: '1' });

const sourceKey = (locationId: string, lotId: string | null) => `${locationId}|${lotId ?? ''}`;
function parseSource(key: string | null): { locationId: string; lotId: string | null } {
  const [locationId = '', lotId = ''] = (key ?? '').split('|');
  return { locationId, lotId: lotId || null };
}

/** The contract's `parts` from the rows. */
export function partsBodyOf(rows: TPartRow[]): TPartUsedInput[] {
  return rows.map((row) => {
    const { locationId, lotId } = parseSource(row.source);
    return { itemId: row.item?.value ?? '', locationId, lotId, quantity: row.quantity.trim() };
  });
}

/** Where the contract's and the server's messages about `parts.N.…` show: on the row's three fields. */
export function partsPathsOf(rows: TPartRow[]): Record<string, string> {
  const paths: Record<string, string> = {};
  rows.forEach((_, i) => {
    paths[`parts.${i}.itemId`] = `parts.${i}.item`;
    paths[`parts.${i}.locationId`] = `parts.${i}.source`;
    paths[`parts.${i}.lotId`] = `parts.${i}.source`;
    paths[`parts.${i}.quantity`] = `parts.${i}.quantity`;
  });
  return paths;
}

/** The rows' checks in the form's words (the contract would say "Not a … id" of an empty picker). */
export function partsRulesOf(rows: TPartRow[]): Record<string, string | false> {
  const rules: Record<string, string | false> = {};
  rows.forEach((row, i) => {
    rules[`parts.${i}.item`] = !row.item && 'Choose the part';
    rules[`parts.${i}.source`] = !!row.item && !row.source && 'Choose where the part is taken from';
  });
  return rules;
}

/** The item's balances, to choose where the part comes from. */
function SourceSelect({
  itemId,
  unit,
  label,
  value,
  onChange,
  error,
}: {
  itemId: string | null;
  unit: string;
  label: string;
  value: string | null;
  onChange: (key: string | null) => void;
  error: string | undefined;
}) {
  const balances = useQuery({
    queryKey: ['maintenance-parts', 'balances', itemId],
    queryFn: ({ signal }) =>
      api<TItemBalances>(`/api/v1/items/${encodeURIComponent(itemId ?? '')}/balances`, { signal }),
    enabled: itemId !== null,
  });
  // An empty balance is nowhere to take a part from.
  const rows = (balances.data?.balances ?? []).filter((b) => Number(b.quantity) > 0);
  const nothing = !itemId
    ? 'Choose the part first'
    : balances.isError
      ? `Stock could not be loaded: ${messageOf(balances.error)}`
      : balances.isPending
        ? 'Loading…'
        : 'None in stock anywhere: receive some first.';
  return (
    <Select
      label={label}
      placeholder={rows.length ? 'Choose where from' : nothing}
      data={rows.map((b) => ({
        value: sourceKey(b.locationId, b.lotId),
        label: `${b.locationCode}${b.lotNumber ? ` · lot ${b.lotNumber}` : ''} — ${b.quantity} ${unit}`,
      }))}
      value={value}
      onChange={onChange}
      disabled={!itemId}
      searchable
      required
      nothingFoundMessage={nothing}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The rows and "Add part"; no rows is a repair that used no parts. */
export function PartsUsedRows<TValues extends { parts: TPartRow[] } & Record<string, unknown>, TBody>({
  form,
}: {
  form: TContractForm<TValues, TBody>;
}) {
  const rows = form.values.parts;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Parts used
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No parts. Add each part you fitted: it is issued from stock when you save.
        </Text>
      ) : null}
      {rows.map((row, i) => (
        <FormRow
          key={form.key(`parts.${i}`)}
          label={`Part ${i + 1}`}
          removeLabel={`Remove part ${i + 1}`}
          onRemove={() => form.removeListItem('parts', i)}
        >
          <div style={{ flex: '1 1 220px', minWidth: 0 }}>
            <ItemSelect
              label={`Part ${i + 1}`}
              description={null}
              value={row.item}
              onChange={(item) => {
                form.setFieldValue(`parts.${i}.item`, item as never);
                form.setFieldValue(`parts.${i}.source`, null as never);
              }}
              error={form.errorOf(`parts.${i}.item`)}
            />
          </div>
          <div style={{ flex: '1 1 220px', minWidth: 0 }}>
            <SourceSelect
              itemId={row.item?.value ?? null}
              unit={row.item?.item?.unitOfMeasure ?? ''}
              label={`Part ${i + 1} taken from`}
              value={row.source}
              onChange={(key) => form.setFieldValue(`parts.${i}.source`, key as never)}
              error={form.errorOf(`parts.${i}.source`)}
            />
          </div>
          <TextInput
            label={`Part ${i + 1} quantity`}
            inputMode="decimal"
            required
            w={120}
            {...form.getInputProps(`parts.${i}.quantity`)}
          />
        </FormRow>
      ))}
      <AddRowButton onClick={() => form.insertListItem('parts', emptyPartRow() as never)}>
        Add part
      </AddRowButton>
    </Stack>
  );
}
