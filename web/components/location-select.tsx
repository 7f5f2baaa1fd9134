// A searchable location picker that asks the server (GET /api/v1/locations?q=) as one types: a company may have
// thousands of bins, so the whole tree is never loaded into the browser.
import { type ComboboxItem, Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TLocation } from '#common/schemas/inventory-setup.ts';
import { messageOf } from '../lib/api-errors.ts';
import { KIND_LABELS } from '../lib/location-kinds.ts';
import { listLocations } from '../lib/locations-api.ts';
import { queryKeys } from '../lib/query-keys.ts';

const PICK_SIZE = 20;
/** The value of the last, disabled option that says more locations match than are shown. */
const MORE = '__more__';

export function LocationSelect({
  label,
  description,
  value,
  selectedLabel,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  value: string | null;
  /** The chosen location's full code, shown while it is not among the search results. */
  selectedLabel: string | null;
  onChange: (id: string | null, fullCode: string | null) => void;
  error?: string | undefined;
}) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // The input shows the chosen location's full code once picked: searching for that would only find it again.
  const q = debounced === selectedLabel ? '' : debounced;
  const query = { view: 'pick', q, page: 1, pageSize: PICK_SIZE };
  const found = useQuery({
    queryKey: queryKeys.locationsPage(query),
    queryFn: ({ signal }) => listLocations(query, signal),
    enabled: opened,
    placeholderData: keepPreviousData,
  });

  const byId = useMemo(() => new Map((found.data?.items ?? []).map((l) => [l.id, l])), [found.data]);
  const options: ComboboxItem[] = (found.data?.items ?? []).map((l) => ({ value: l.id, label: l.fullCode }));
  if (value && selectedLabel && !byId.has(value)) options.unshift({ value, label: selectedLabel });
  const more = (found.data?.total ?? 0) - (found.data?.items.length ?? 0);
  if (more > 0)
    options.push({ value: MORE, label: `${more} more: type more of the code or name`, disabled: true });

  const nothing = found.isError
    ? `Locations could not be loaded: ${messageOf(found.error)}`
    : found.isPending
      ? 'Searching…'
      : q
        ? `No location matches “${q}”. Add it under Locations first.`
        : 'No locations yet. Add a site under Locations first.';

  return (
    <Select
      label={label}
      description={
        description ?? 'Type part of a code or name to search every location; empty shows the sites.'
      }
      placeholder="Search locations"
      searchable
      clearable
      data={options}
      value={value}
      onChange={(id, option) => onChange(id, option?.label ?? null)}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      // The server already searched: show its answers as they are.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothing}
      {...(found.isFetching && opened
        ? { rightSection: <Loader size="xs" aria-label="Searching locations" /> }
        : {})}
      renderOption={({ option }) => {
        const location: TLocation | undefined = byId.get(option.value);
        return (
          <div>
            <Text size="sm">{option.label}</Text>
            {location ? (
              <Text size="xs" c="dimmed">
                {KIND_LABELS[location.kind]} · {location.name}
              </Text>
            ) : null}
          </div>
        );
      }}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
