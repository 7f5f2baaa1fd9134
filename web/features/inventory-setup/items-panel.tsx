// The Admin page's SKU Setup tab (/admin?tab=items): the items, the location tree they are kept in, and the
// suppliers they come from (decision 070). The view is part of the address (&view=locations, &view=suppliers) so that
// a reload or a shared link opens the same one.
import { SegmentedControl, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ItemList } from './item-list.tsx';
import { LocationsSection } from './locations-section.tsx';
import { SupplierList } from './supplier-list.tsx';

type TView = 'items' | 'locations' | 'suppliers';
const VIEWS: readonly TView[] = ['items', 'locations', 'suppliers'];

export function ItemsPanel() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view') as TView | null;
  const view: TView = asked && VIEWS.includes(asked) ? asked : 'items';

  const show = (next: TView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'items') updated.delete('view');
        else updated.set('view', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Stack>
      <SegmentedControl
        aria-label="SKU setup view"
        value={view}
        onChange={(value) => show(value as TView)}
        data={[
          { value: 'items', label: 'Items' },
          { value: 'locations', label: 'Locations' },
          { value: 'suppliers', label: 'Suppliers' },
        ]}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'items' ? <ItemList /> : view === 'locations' ? <LocationsSection /> : <SupplierList />}
    </Stack>
  );
}
