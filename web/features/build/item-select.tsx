// An item picker searched on the server (active items, by part number or name): the new assembly dialog and each
// BOM line use it. Holds only its search text; the chosen item is the form's.
import { type ComboboxItem, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TItemListQuery } from '#common/schemas/inventory-setup.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { listItems } from '../../lib/items-api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const PICK_SIZE = 20;
const MORE = '__more__';

/** What the form keeps of a chosen item: enough to show it without asking again. */
export interface TPickedItem {
  id: string;
  label: string;
}

export function ItemSelect({
  label,
  value,
  onChange,
  error,
  autoFocus,
}: {
  label: string;
  value: TPickedItem | null;
  onChange: (item: TPickedItem | null) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const q = debounced === value?.label ? '' : debounced;
  const query: TItemListQuery = { q, status: 'active', page: 1, pageSize: PICK_SIZE };
  const found = useQuery({
    queryKey: queryKeys.itemsPage({ ...query, view: 'pick' }),
    queryFn: ({ signal }) => listItems(query, signal),
    placeholderData: keepPreviousData,
  });
  const items = found.data?.items ?? [];
  const options: ComboboxItem[] = items.map((i) => ({ value: i.id, label: `${i.partNumber} · ${i.name}` }));
  if (value && !options.some((o) => o.value === value.id))
    options.unshift({ value: value.id, label: value.label });
  const more = (found.data?.total ?? 0) - items.length;
  if (more > 0)
    options.push({ value: MORE, label: `${more} more: type more of the part number`, disabled: true });

  return (
    <Select
      label={label}
      placeholder="Search items"
      searchable
      data={options}
      value={value?.id ?? null}
      onChange={(picked) => {
        const option = options.find((o) => o.value === picked);
        onChange(option ? { id: option.value, label: option.label } : null);
      }}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        found.isError
          ? `Items could not be loaded: ${messageOf(found.error)}`
          : found.isPending
            ? 'Searching…'
            : q
              ? `No active item matches “${q}”.`
              : 'No active items yet.'
      }
      {...(found.isFetching ? { rightSection: <Loader size="xs" aria-label="Searching items" /> } : {})}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-autofocus={autoFocus ? true : undefined}
    />
  );
}
