// The one supplier picker (decision 070): a receipt's "From supplier", searching the company's active suppliers on
// the server (GET /api/v1/suppliers?q=: code, name, contact, e-mail) as one types. Optional: empty means the receipt
// names no supplier. Shown only while the company has suppliers to pick from, so a shop that keeps none sees nothing new.
import { useQuery } from '@tanstack/react-query';
import type { TSupplierPage } from '#common/schemas/suppliers.ts';
import { api } from '../lib/api-client.ts';
import { RemoteSelect } from './remote-select.tsx';

const PICK_SIZE = 20;

function searchSuppliers(q: string, pageSize: number, signal?: AbortSignal): Promise<TSupplierPage> {
  const params = new URLSearchParams({
    page: '1',
    pageSize: String(pageSize),
    active: 'active',
    ...(q ? { q } : {}),
  });
  return api<TSupplierPage>(`/api/v1/suppliers?${params}`, { signal });
}

/** A chosen supplier as a form keeps it. */
export interface TSupplierOption {
  value: string;
  label: string;
}

export function SupplierSelect({
  value,
  onChange,
  error,
}: {
  value: TSupplierOption | null;
  onChange: (supplier: TSupplierOption | null) => void;
  error?: string | undefined;
}) {
  // Whether the company keeps any supplier at all: none, and the field stays away.
  const any = useQuery({
    queryKey: ['suppliers', 'any'],
    queryFn: ({ signal }) => searchSuppliers('', 1, signal),
  });
  if (!any.data || any.data.total === 0) return null;
  return (
    <RemoteSelect
      label="From supplier"
      description="Optional: who the goods came from"
      placeholder="Search suppliers"
      noun="suppliers"
      value={value?.value ?? null}
      selectedLabel={value?.label ?? null}
      onChange={(id, label) => onChange(id && label ? { value: id, label } : null)}
      error={error}
      // Under the suppliers' keys: a supplier added, changed or switched off refreshes the choices.
      queryKey={(q) => ['suppliers', 'pick', q]}
      search={async (q, signal) => {
        const page = await searchSuppliers(q, PICK_SIZE, signal);
        return {
          items: page.items.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` })),
          total: page.total,
        };
      }}
      narrow="type more of the code or name"
      noMatch={(q) => `No active supplier matches “${q}”.`}
      empty="No active suppliers: an admin adds them under SKU Setup → Suppliers."
    />
  );
}
