// A machine picker that searches the server (GET /api/v1/machines?q=) as one types: name, asset tag, make, serial.
// The chosen machine's label is kept while it is not among the results (a machine preset from a scanned label).
import { type ComboboxItem, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TMachineSummary } from '#common/schemas/machines.ts';
import { statusStyle } from '#common/statuses.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { breakdownKeys, searchMachines } from './api.ts';

/** "Lathe 1 (LT-001) · running" */
export const machineOption = (
  m: Pick<TMachineSummary, 'id' | 'name' | 'assetTag' | 'status'>,
): ComboboxItem => ({
  value: m.id,
  label: `${m.name} (${m.assetTag}) · ${statusStyle('machine', m.status).label.toLowerCase()}`,
});

export function MachineSelect({
  value,
  onChange,
  error,
}: {
  value: ComboboxItem | null;
  onChange: (machine: ComboboxItem | null) => void;
  error?: string | undefined;
}) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const q = value && debounced === value.label ? '' : debounced;
  const found = useQuery({
    queryKey: breakdownKeys.machines(q),
    queryFn: ({ signal }) => searchMachines(q, signal),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const options = (found.data?.items ?? []).map(machineOption).filter((o) => o.value !== value?.value);
  const nothing = found.isError
    ? `Machines could not be loaded: ${messageOf(found.error)}`
    : found.isPending
      ? 'Searching…'
      : q
        ? `No machine matches “${q}”.`
        : 'No machines yet: an admin adds them under Machines.';
  return (
    <Select
      label="Machine"
      description="Type part of its name or asset tag"
      placeholder="Search machines"
      required
      searchable
      clearable
      data={[...(value ? [value] : []), ...options]}
      value={value?.value ?? null}
      onChange={(id) => onChange([...(value ? [value] : []), ...options].find((o) => o.value === id) ?? null)}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      filter={({ options: all }) => all}
      nothingFoundMessage={nothing}
      rightSection={found.isFetching && opened ? <Loader size="xs" aria-label="Searching machines" /> : null}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
    />
  );
}
