// The Admin page's SKU Setup tab (/admin?tab=items): the items, and the location tree they are kept in. The view
// is part of the address (&view=locations) so that a reload or a shared link opens the same one.
import { SegmentedControl, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ItemList } from './item-list.tsx';
import { LocationsSection } from './locations-section.tsx';

type TView = 'items' | 'locations';

export function ItemsPanel() {
  const [params, setParams] = useSearchParams();
  const view: TView = params.get('view') === 'locations' ? 'locations' : 'items';

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
        ]}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'items' ? <ItemList /> : <LocationsSection />}
    </Stack>
  );
}
