// The one job picker (decision 079): a stock issue's, a borrowing's and the scan screen's "For job", searching the
// company's open jobs on the server (GET /api/v1/jobs?status=open&q=: number, name, customer) as one types. A job is
// picked, never typed, so what is charged to it is found by the job cost report. Held and closed jobs are not offered:
// they take no new stock (the server refuses them too).
import type { TJobPage } from '#common/schemas/jobs.ts';
import { api } from '../lib/api-client.ts';
import { RemoteSelect } from './remote-select.tsx';

const PICK_SIZE = 20;

/** A chosen job as a form keeps it. */
export interface TJobOption {
  value: string;
  label: string;
}

export function JobPicker({
  value,
  onChange,
  error,
  label = 'For job',
  description = 'Optional: the open job this is charged to',
  required,
  autoFocus = false,
}: {
  value: TJobOption | null;
  onChange: (job: TJobOption | null) => void;
  error?: string | undefined;
  label?: string;
  description?: string;
  required?: boolean;
  /** The first field of a dialog: focused when it opens. */
  autoFocus?: boolean;
}) {
  return (
    <RemoteSelect
      label={label}
      description={description}
      placeholder="Search open jobs"
      noun="open jobs"
      required={required}
      autoFocus={autoFocus}
      value={value?.value ?? null}
      selectedLabel={value?.label ?? null}
      onChange={(id, picked) => onChange(id && picked ? { value: id, label: picked } : null)}
      error={error}
      narrow="type more of the number, name or customer"
      empty="No open jobs. An admin makes them under Job Management."
      // Under the jobs' keys: a job created, closed or reopened refreshes the choices.
      queryKey={(q) => ['jobs', 'pick', q]}
      search={async (q, signal) => {
        const params = new URLSearchParams({
          page: '1',
          pageSize: String(PICK_SIZE),
          status: 'open',
          ...(q ? { q } : {}),
        });
        const page = await api<TJobPage>(`/api/v1/jobs?${params}`, { signal });
        return {
          items: page.items.map((j) => ({
            value: j.id,
            label: `${j.numberText} · ${j.name}${j.customer ? ` (${j.customer})` : ''}`,
          })),
          total: page.total,
        };
      }}
    />
  );
}
