// The one defect-code picker (decision 070: one list per company for inspection failures and build scrap, so both
// land in one Pareto): an inspection's failed check, a step's or an output's scrap. It searches the company's ACTIVE
// codes on the server (GET /api/v1/defect-codes?q=: code, name, category) as one types; a code switched off keeps
// the history it names but is no longer offered. A code given by its id alone (a result being corrected, a link) is
// named from the server, so the field never shows a bare id.
import type { ComboboxItem, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TDefectCode, TDefectCodePage } from '#common/schemas/defect-codes.ts';
import { api } from '../lib/api-client.ts';
import { RemoteSelect } from './remote-select.tsx';

const PICK_SIZE = 20;

/** A chosen defect code as a form keeps it: its id and "SCR-01 — Scratched" label (empty: named from the server). */
export type TDefectCodeOption = ComboboxItem;

/** "SCR-01 — Scratched": the code people say first, then what it means. */
export const defectCodeOption = (c: Pick<TDefectCode, 'id' | 'code' | 'name'>): TDefectCodeOption => ({
  value: c.id,
  label: `${c.code} — ${c.name}`,
});

/** The company's active defect codes matching `q` (code, name, category), the first `pageSize`. */
export function searchDefectCodes(
  q: string,
  signal?: AbortSignal,
  pageSize = PICK_SIZE,
): Promise<TDefectCodePage> {
  const params = new URLSearchParams({
    page: '1',
    pageSize: String(pageSize),
    active: 'active',
    ...(q ? { q } : {}),
  });
  return api<TDefectCodePage>(`/api/v1/defect-codes?${params}`, { signal });
}

export function DefectCodeSelect({
  value,
  onChange,
  error,
  label = 'Defect code',
  required = false,
  description,
  placeholder = 'Search defect codes',
  autoFocus = false,
  w,
}: {
  value: TDefectCodeOption | null;
  onChange: (code: TDefectCodeOption | null) => void;
  error?: string | undefined;
  label?: string;
  required?: boolean;
  description?: string | undefined;
  placeholder?: string;
  /** The first field of a dialog: focused when it opens. */
  autoFocus?: boolean;
  w?: Parameters<typeof Select>[0]['w'];
}) {
  const unnamed = value && !value.label ? value.value : null;
  const named = useQuery({
    queryKey: ['defect-codes', 'one', unnamed],
    queryFn: ({ signal }) =>
      api<TDefectCode>(`/api/v1/defect-codes/${encodeURIComponent(unnamed ?? '')}`, { signal }),
    enabled: unnamed !== null,
  });
  const selectedLabel = value?.label || (named.data ? defectCodeOption(named.data).label : null);
  return (
    <RemoteSelect
      label={label}
      description={description}
      placeholder={placeholder}
      noun="defect codes"
      required={required}
      value={value?.value ?? null}
      selectedLabel={selectedLabel}
      onChange={(id, chosen) => onChange(id && chosen ? { value: id, label: chosen } : null)}
      error={error}
      // Under the defect codes' keys: a code added, changed or switched off refreshes the choices.
      queryKey={(q) => ['defect-codes', 'pick', q]}
      search={async (q, signal) => {
        const page = await searchDefectCodes(q, signal);
        return { items: page.items.map(defectCodeOption), total: page.total };
      }}
      narrow="type more of the code or name"
      noMatch={(q) => `No active defect code matches “${q}”.`}
      empty="No active defect codes: an admin adds them under Quality → QC Setup."
      autoFocus={autoFocus}
      w={w}
    />
  );
}
