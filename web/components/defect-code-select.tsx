// The one defect-code picker (decision 070: one list per company for inspection failures and build scrap, so both
// land in one Pareto): an inspection's failed check, a step's or an output's scrap. It searches the company's ACTIVE
// codes on the server (GET /api/v1/defect-codes?q=: code, name, category) as one types; a code switched off keeps
// the history it names but is no longer offered. A code given by its id alone (a result being corrected, a link) is
// named from the server, so the field never shows a bare id.
import type { ComboboxItem, Select } from '@mantine/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { TDefectCode, TDefectCodePage } from '#common/schemas/defect-codes.ts';
import type { TSession } from '#common/schemas/session.ts';
import { api } from '../lib/api-client.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { configOf, useSession } from '../lib/session.ts';
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

const KEPT_KEY = ['defect-codes', 'any'] as const;

/** Whether scrap names a defect code, from the session and whether the company keeps an active code. */
function keptOf(session: TSession | undefined, any: TDefectCodePage | undefined): boolean | undefined {
  if (!configOf(session).enableQualityFeature) return false;
  return any ? any.total > 0 : undefined;
}

/**
 * Whether scrap names a defect code here (decision 076, as the server asks it): the company's Quality area is on (the
 * codes' list is Quality's) and it keeps at least one active code. Undefined while that is being found out. Asked
 * only where scrap is typed, so a screen without scrap asks the server nothing.
 */
export function useScrapCodesKept(): boolean | undefined {
  const { data: session } = useSession();
  const any = useQuery({
    // Under the defect codes' keys: the first code added, or the last switched off, changes the answer.
    queryKey: KEPT_KEY,
    queryFn: ({ signal }) => searchDefectCodes('', signal, 1),
    enabled: configOf(session).enableQualityFeature,
  });
  return keptOf(session, any.data);
}

/** The same answer at a form's submit, from what useScrapCodesKept loaded (undefined when it never ran). */
export function scrapCodesKeptIn(queryClient: QueryClient): boolean | undefined {
  return keptOf(
    queryClient.getQueryData<TSession>(queryKeys.session),
    queryClient.getQueryData<TDefectCodePage>(KEPT_KEY),
  );
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
