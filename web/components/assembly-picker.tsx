// An assembly picker that searches the server (GET /api/v1/assemblies?q=) as one types, like the item pickers. To
// build, only an assembly with a released revision can be picked, so the others are offered disabled, saying why; as
// a list's or a report's filter (`filter`) every assembly can be picked and none is required.
import type { ComboboxItem, Select } from '@mantine/core';
import type { TAssemblyPage } from '#common/schemas/build.ts';
import { api } from '../lib/api-client.ts';
import { RemoteSelect } from './remote-select.tsx';

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
  return (
    <RemoteSelect
      label={label}
      description={
        filter ? undefined : 'Type part of a part number or name; only released assemblies can be built'
      }
      placeholder={filter ? 'Any assembly' : 'Search assemblies'}
      noun="assemblies"
      required={!filter}
      value={value?.value ?? null}
      selectedLabel={value?.label ?? null}
      onChange={(id, chosen) => onChange(id && chosen ? { value: id, label: chosen } : null)}
      error={error}
      queryKey={(q) => ['assembly-pick', q, filter]}
      search={async (q, signal) => {
        const page = await searchAssemblies(q, signal);
        const items = page.items.map((a) =>
          a.releasedNumber === null && !filter
            ? { value: a.id, label: `${a.partNumber} · ${a.name} (not released)`, disabled: true }
            : assemblyOption(a),
        );
        return { items, total: page.total };
      }}
      narrow="type more of the part number"
      noMatch={(q) => `No assembly matches “${q}”.`}
      empty="No assemblies yet. Set one up under Assembly Setup first."
      w={w}
    />
  );
}
