// Whose week an admin reads (decision 082): the company's active people, searched on the server as one types
// (GET /api/v1/users, paged), through the shared RemoteSelect.
import type { TUserPage } from '#common/schemas/users.ts';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { api } from '../../lib/api-client.ts';

const PICK_SIZE = 20;

export function PersonSelect({
  value,
  label,
  onChange,
}: {
  value: string;
  /** The chosen person's name. */
  label: string;
  onChange: (person: { id: string; name: string }) => void;
}) {
  return (
    <RemoteSelect
      label="Person"
      placeholder="Search people"
      noun="people"
      value={value}
      selectedLabel={label}
      onChange={(id, name) => {
        if (id && name) onChange({ id, name });
      }}
      // Under the users' key: a person added or switched off refreshes the choices.
      queryKey={(q) => ['users', 'time-pick', q]}
      search={async (q, signal) => {
        const params = new URLSearchParams({
          page: '1',
          pageSize: String(PICK_SIZE),
          status: 'active',
          ...(q ? { q } : {}),
        });
        const page = await api<TUserPage>(`/api/v1/users?${params}`, { signal });
        return {
          items: page.items.map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName}`.trim() })),
          total: page.total,
        };
      }}
    />
  );
}
