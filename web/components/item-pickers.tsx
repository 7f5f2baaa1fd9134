// Item pickers that search the server (GET /api/v1/items?q=) as one types: a company may have thousands of items,
// so the list is never loaded whole. One picks several items (a count of items), the other one (found stock, the
// item to lend, a new assembly, a BOM component). Active items only.
import { type ComboboxItem, Loader, MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TItem, TItemListQuery } from '#common/schemas/inventory-setup.ts';
import { messageOf } from '../lib/api-errors.ts';
import { listItems } from '../lib/items-api.ts';
import { queryKeys } from '../lib/query-keys.ts';

const PICK_SIZE = 20;
const MORE = '__more__';

/** "BRK-100 · Bracket, steel" */
export const itemLabel = (item: Pick<TItem, 'partNumber' | 'name'>) => `${item.partNumber} · ${item.name}`;

/** A chosen item as a form keeps it: its id and label, and the whole item when it was picked from a search. */
export interface TItemOption extends ComboboxItem {
  item?: TItem;
}

/** The option a form starts from for an item it already has. */
export const itemOption = (item: TItem | Pick<TItem, 'id' | 'partNumber' | 'name'>): TItemOption => ({
  value: item.id,
  label: itemLabel(item),
  ...('unitOfMeasure' in item ? { item } : {}),
});

/** The server's matches for what is typed, as options, with a last line saying how many more there are. */
function useItemSearch(opened: boolean, selectedLabel: string | null = null) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // A single select shows the chosen item's label once picked: searching for that would only find it again.
  const q = debounced === selectedLabel ? '' : debounced;
  const query: TItemListQuery = { q, status: 'active', page: 1, pageSize: PICK_SIZE };
  const found = useQuery({
    queryKey: queryKeys.itemsPage({ view: 'pick', ...query }),
    queryFn: ({ signal }) => listItems(query, signal),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const options: TItemOption[] = (found.data?.items ?? []).map((i) => ({
    value: i.id,
    label: itemLabel(i),
    item: i,
  }));
  const more = (found.data?.total ?? 0) - (found.data?.items.length ?? 0);
  const nothing = found.isError
    ? `Items could not be loaded: ${messageOf(found.error)}`
    : found.isPending
      ? 'Searching…'
      : q
        ? `No active item matches “${q}”.`
        : 'No active items yet. Add items under SKU Setup first.';
  const rightSection = found.isFetching && opened ? <Loader size="xs" aria-label="Searching items" /> : null;
  return { search, setSearch, options, more, nothing, rightSection };
}

const moreOption = (more: number): ComboboxItem[] =>
  more > 0
    ? [{ value: MORE, label: `${more} more: type more of the part number or name`, disabled: true }]
    : [];

/** Several items; the labels of chosen ones are kept while they are not among the search results. */
export function ItemMultiSelect({
  value,
  onChange,
  error,
}: {
  value: ComboboxItem[];
  onChange: (items: ComboboxItem[]) => void;
  error?: string | undefined;
}) {
  const [opened, setOpened] = useState(false);
  const found = useItemSearch(opened);
  const chosen = new Set(value.map((v) => v.value));
  const data = [...value, ...found.options.filter((o) => !chosen.has(o.value)), ...moreOption(found.more)];
  return (
    <MultiSelect
      label="Items"
      description="Type part of a part number or name; each item is counted wherever it is stocked."
      placeholder={value.length === 0 ? 'Search items' : undefined}
      searchable
      clearable
      data={data}
      value={value.map((v) => v.value)}
      onChange={(ids) => {
        const known = new Map(data.map((o) => [o.value, o]));
        onChange(ids.flatMap((id) => (known.has(id) ? [known.get(id)!] : [])));
      }}
      searchValue={found.search}
      onSearchChange={found.setSearch}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      filter={({ options }) => options}
      nothingFoundMessage={found.nothing}
      rightSection={found.rightSection}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** One item. */
export function ItemSelect({
  value,
  onChange,
  error,
  label = 'Item',
  description = 'Type part of a part number or name',
  required = true,
  autoFocus = false,
}: {
  value: TItemOption | null;
  onChange: (item: TItemOption | null) => void;
  error?: string | undefined;
  label?: string;
  description?: string | null;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const found = useItemSearch(opened, value ? String(value.label) : null);
  const options = found.options.filter((o) => o.value !== value?.value);
  const data: TItemOption[] = [...(value ? [value] : []), ...options, ...moreOption(found.more)];
  return (
    <Select
      label={label}
      {...(description ? { description } : {})}
      placeholder="Search items"
      searchable
      clearable
      required={required}
      data={data}
      value={value?.value ?? null}
      // The option with its item, from the search that offered it (Mantine hands back only value and label).
      onChange={(id) => onChange(data.find((o) => o.value === id) ?? null)}
      onSearchChange={found.setSearch}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      filter={({ options: all }) => all}
      nothingFoundMessage={found.nothing}
      rightSection={found.rightSection}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-autofocus={autoFocus ? true : undefined}
    />
  );
}
