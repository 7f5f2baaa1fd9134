// A searchable picker of the company's active people, asking the server (GET /api/v1/borrowings/borrowers?q=) as
// one types: names only, so every user (not just admins) can lend to a colleague.
import { type ComboboxItem, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../lib/api-errors.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { listBorrowers } from './api.ts';

const PICK_SIZE = 20;
const MORE = '__more__';

export function BorrowerSelect({
  value,
  selectedName,
  onChange,
  error,
}: {
  value: string | null;
  /** The chosen person's name, shown while they are not among the search results. */
  selectedName: string | null;
  onChange: (id: string | null, name: string | null) => void;
  error?: string | undefined;
}) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once someone is picked the input shows their name: searching for it would only find them again.
  const q = debounced === selectedName ? '' : debounced;
  const query = { q, page: 1, pageSize: PICK_SIZE };
  const found = useQuery({
    queryKey: queryKeys.borrowers(query),
    queryFn: ({ signal }) => listBorrowers(query, signal),
    enabled: opened,
    placeholderData: keepPreviousData,
  });

  const options: ComboboxItem[] = (found.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (value && selectedName && !options.some((o) => o.value === value))
    options.unshift({ value, label: selectedName });
  const more = (found.data?.total ?? 0) - (found.data?.items.length ?? 0);
  if (more > 0) options.push({ value: MORE, label: `${more} more: type more of the name`, disabled: true });

  const nothing = found.isError
    ? `People could not be loaded: ${messageOf(found.error)}`
    : found.isPending
      ? 'Searching…'
      : q
        ? `Nobody active is called “${q}”. Check the spelling, or lend to a job instead.`
        : 'No active people in your company.';

  return (
    <Select
      label="Person"
      description="Type part of a name to search your company's active people."
      placeholder="Search people"
      required
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
        ? { rightSection: <Loader size="xs" aria-label="Searching people" /> }
        : {})}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
