// An assembly picker that searches the server (GET /api/v1/assemblies?q=) as one types, like the item pickers. To
// build, only an assembly with a released revision can be picked, so the others are offered disabled, saying why; as
// a list's or a report's filter (`filter`) every assembly can be picked and none is required.
import { type ComboboxItem, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAssemblyPage } from '#common/schemas/build.ts';
import { api } from '../lib/api-client.ts';
import { messageOf } from '../lib/api-errors.ts';

const PICK_SIZE = 20;

/** A chosen assembly as a form keeps it: its id and "PN · name" label. */
export type TAssemblyOption = ComboboxItem;

export const assemblyOption = (a: { id: string; partNumber: string; name: string }): TAssemblyOption => ({
  value: a.id,
  label: `${a.partNumber} · ${a.name}`,
});

function searchAssemblies(q: string, signal: AbortSignal) {
  const params = new URLSearchParams({ page: '1', pageSize: String(PICK_SIZE), ...(q ? { q } : {}) });
  return api<TAssemblyPage>(`/api/v1/assemblies?${params}`, { signal });
}

export function AssemblySelect({
  value,
  onChange,
  error,
  label = 'Assembly',
  filter = false,
  w,
}: {
  value: TAssemblyOption | null;
  onChange: (assembly: TAssemblyOption | null) => void;
  error?: string | undefined;
  label?: string;
  /** A filter: any assembly, none required, no building hint. */
  filter?: boolean;
  w?: Parameters<typeof Select>[0]['w'];
}) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once picked, the field shows the label: searching for it would only find it again.
  const q = debounced === value?.label ? '' : debounced;
  const found = useQuery({
    queryKey: ['assembly-pick', q],
    queryFn: ({ signal }) => searchAssemblies(q, signal),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const options: TAssemblyOption[] = (found.data?.items ?? [])
    .filter((a) => a.id !== value?.value)
    .map((a) =>
      a.releasedNumber === null && !filter
        ? { value: a.id, label: `${a.partNumber} · ${a.name} (not released)`, disabled: true }
        : assemblyOption(a),
    );
  const more = (found.data?.total ?? 0) - (found.data?.items.length ?? 0);
  const data = [
    ...(value ? [value] : []),
    ...options,
    ...(more > 0
      ? [{ value: '__more__', label: `${more} more: type more of the part number`, disabled: true }]
      : []),
  ];
  const nothing = found.isError
    ? `Assemblies could not be loaded: ${messageOf(found.error)}`
    : found.isPending
      ? 'Searching…'
      : q
        ? `No assembly matches “${q}”.`
        : 'No assemblies yet. Set one up under Assembly Setup first.';
  return (
    <Select
      label={label}
      description={
        filter ? undefined : 'Type part of a part number or name; only released assemblies can be built'
      }
      placeholder={filter ? 'Any assembly' : 'Search assemblies'}
      searchable
      clearable
      required={!filter}
      w={w}
      maw="100%"
      data={data}
      value={value?.value ?? null}
      onChange={(id) => onChange(data.find((o) => o.value === id) ?? null)}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      filter={({ options: all }) => all}
      nothingFoundMessage={nothing}
      rightSection={
        found.isFetching && opened ? <Loader size="xs" aria-label="Searching assemblies" /> : null
      }
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
