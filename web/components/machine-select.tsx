// The one machine picker of the Maintenance screens (a breakdown's machine, a report's or the logs' filter): it
// searches the server (GET /api/v1/machines?q=: name, asset tag, make, model, serial) as one types, and keeps the
// chosen machine's label while it is not among the results (a machine preset from a scanned label). `withStatus`
// says each machine's status beside it, where it matters (reporting a breakdown of a machine already down);
// `filter` makes it optional ("Any machine").
import type { ComboboxItem, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TMachineDetail, TMachinePage, TMachineStatus } from '#common/schemas/machines.ts';
import { statusStyle } from '#common/statuses.ts';
import { api } from '../lib/api-client.ts';
import { RemoteSelect } from './remote-select.tsx';

const PICK_SIZE = 20;

/** A chosen machine as a form keeps it: its id and "Lathe 1 (LT-001)" label (empty: named from the server). */
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

/** The company's machines matching `q` (name, asset tag, make, model, serial), the first PICK_SIZE. */
export function searchMachines(q: string, signal?: AbortSignal): Promise<TMachinePage> {
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
  placeholder,
  description,
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
  /** For an optional field of a form (not a filter): what empty means there. */
  placeholder?: string;
  description?: string;
  w?: Parameters<typeof Select>[0]['w'];
}) {
  // A machine given by its id alone (a link's ?machine=) is named from the server.
  const unnamed = value && !value.label ? value.value : null;
  const named = useQuery({
    queryKey: ['machines', 'one', unnamed],
    queryFn: ({ signal }) =>
      api<TMachineDetail>(`/api/v1/machines/${encodeURIComponent(unnamed ?? '')}`, { signal }),
    enabled: unnamed !== null,
  });
  const selectedLabel = value?.label || (named.data ? machineOption(named.data).label : null);
  return (
    <RemoteSelect
      label={label}
      description={description ?? (filter ? undefined : 'Type part of its name or asset tag')}
      placeholder={placeholder ?? (filter ? 'Any machine' : 'Search machines')}
      noun="machines"
      required={!filter}
      value={value?.value ?? null}
      selectedLabel={selectedLabel}
      onChange={(id, chosen) => onChange(id && chosen ? { value: id, label: chosen } : null)}
      error={error}
      // Under the machines' keys: a machine added, changed or taken down refreshes the choices.
      queryKey={(q) => ['machines', 'pick', q, withStatus]}
      search={async (q, signal) => {
        const page = await searchMachines(q, signal);
        const items = page.items.map((m) =>
          machineOption(withStatus ? m : { id: m.id, name: m.name, assetTag: m.assetTag }),
        );
        return { items, total: page.total };
      }}
      narrow="type more of the name or tag"
      noMatch={(q) => `No machine matches “${q}”.`}
      empty="No machines yet: an admin adds them under Machines."
      autoFocus={autoFocus}
      w={w}
    />
  );
}
