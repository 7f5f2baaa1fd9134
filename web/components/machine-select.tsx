// The one machine picker of the Maintenance screens (a breakdown's machine, a report's or the logs' filter): it
// searches the server (GET /api/v1/machines?q=: name, asset tag, make, model, serial) as one types, and keeps the
// chosen machine's label while it is not among the results (a machine preset from a scanned label). `withStatus`
// says each machine's status beside it, where it matters (reporting a breakdown of a machine already down);
// `filter` makes it optional ("Any machine").
import { type ComboboxItem, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TMachinePage, TMachineStatus } from '#common/schemas/machines.ts';
import { statusStyle } from '#common/statuses.ts';
import { api } from '../lib/api-client.ts';
import { messageOf } from '../lib/api-errors.ts';

const PICK_SIZE = 20;

/** A chosen machine as a form keeps it: its id and "Lathe 1 (LT-001)" label. */
export type TMachineOption = ComboboxItem;

/** "Lathe 1 (LT-001)", with " · running" when the status is given. */
export const machineOption = (m: {
  id: string;
  name: string;
  assetTag: string;
  status?: TMachineStatus;
}): TMachineOption => ({
  value: m.id,
  label: `${m.name} (${m.assetTag})${m.status ? ` · ${statusStyle('machine', m.status).label.toLowerCase()}` : ''}`,
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
  withStatus = false,
  autoFocus = false,
  w,
}: {
  value: TMachineOption | null;
  onChange: (machine: TMachineOption | null) => void;
  error?: string | undefined;
  label?: string;
  /** A filter: none required, "Any machine" when empty. */
  filter?: boolean;
  withStatus?: boolean;
  /** The first field of a dialog: focused when it opens. */
  autoFocus?: boolean;
  w?: Parameters<typeof Select>[0]['w'];
}) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once picked, the field shows the label: searching for it would only find it again.
  const q = debounced === value?.label ? '' : debounced;
  const found = useQuery({
    // Under the machines' keys: a machine added, changed or taken down refreshes the choices.
    queryKey: ['machines', 'pick', q],
    queryFn: ({ signal }) => searchMachines(q, signal),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const options = (found.data?.items ?? [])
    .filter((m) => m.id !== value?.value)
    .map((m) => machineOption(withStatus ? m : { id: m.id, name: m.name, assetTag: m.assetTag }));
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
        : 'No machines yet: an admin adds them under Machines.';
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
      {...(autoFocus ? { 'data-autofocus': true } : {})}
    />
  );
}
