// A machine picker that searches the server (GET /api/v1/machines?q=) as one types, like the assembly picker: by name,
// asset tag, make, model or serial. Every Maintenance screen that names a machine (a plan, a breakdown, a filter of the
// calendar or the logs) uses this one; `filter` makes it optional ("Any machine").
import { type ComboboxItem, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TMachinePage } from '#common/schemas/machines.ts';
import { api } from '../lib/api-client.ts';
import { messageOf } from '../lib/api-errors.ts';

const PICK_SIZE = 20;

/** A chosen machine as a form keeps it: its id and "name · asset tag" label. */
export type TMachineOption = ComboboxItem;

export const machineOption = (m: { id: string; name: string; assetTag: string }): TMachineOption => ({
  value: m.id,
  label: `${m.name} · ${m.assetTag}`,
});

function searchMachines(q: string, signal: AbortSignal) {
  const params = new URLSearchParams({ page: '1', pageSize: String(PICK_SIZE), ...(q ? { q } : {}) });
  return api<TMachinePage>(`/api/v1/machines?${params}`, { signal });
}

export function MachineSelect({
  value,
  onChange,
  error,
  label = 'Machine',
  filter = false,
  w,
}: {
  value: TMachineOption | null;
  onChange: (machine: TMachineOption | null) => void;
  error?: string | undefined;
  label?: string;
  /** A filter: none required, "Any machine" when empty. */
  filter?: boolean;
  w?: Parameters<typeof Select>[0]['w'];
}) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once picked, the field shows the label: searching for it would only find it again.
  const q = debounced === value?.label ? '' : debounced;
  const found = useQuery({
    queryKey: ['machine-pick', q],
    queryFn: ({ signal }) => searchMachines(q, signal),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const options = (found.data?.items ?? []).filter((m) => m.id !== value?.value).map(machineOption);
  const more = (found.data?.total ?? 0) - (found.data?.items.length ?? 0);
  const data = [
    ...(value ? [value] : []),
    ...options,
    ...(more > 0
      ? [{ value: '__more__', label: `${more} more: type more of the name or tag`, disabled: true }]
      : []),
  ];
  const nothing = found.isError
    ? `Machines could not be loaded: ${messageOf(found.error)}`
    : found.isPending
      ? 'Searching…'
      : q
        ? `No machine matches “${q}”.`
        : 'No machines yet. An admin adds them under Machines.';
  return (
    <Select
      label={label}
      description={filter ? undefined : 'Type part of its name or asset tag'}
      placeholder={filter ? 'Any machine' : 'Search machines'}
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
      rightSection={found.isFetching && opened ? <Loader size="xs" aria-label="Searching machines" /> : null}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
