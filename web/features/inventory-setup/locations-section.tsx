// The Locations view of SKU setup: the tree from the sites down (site > area > shelf > bin), a search across it, and
// the dialogs that add a site, add a location inside another, or rename one and change its code.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { TLocation } from '#common/schemas/inventory-setup.ts';
import { LocationDialog, type TLocationTarget } from './location-dialog.tsx';
import { LocationList, type TTreeActions } from './location-tree.tsx';

export function LocationsSection() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<TLocationTarget | null>(null);

  const actions: TTreeActions = useMemo(
    () => ({
      expanded,
      toggle: (id) =>
        setExpanded((open) => {
          const next = new Set(open);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      addInside: (parent) => setTarget({ mode: 'add', parent }),
      edit: (location) => setTarget({ mode: 'edit', location }),
    }),
    [expanded],
  );

  // Opens the parent of what was just added, so the new location shows where it went.
  const reveal = (location: TLocation) => {
    const parentId = location.parentId;
    if (parentId) setExpanded((open) => new Set(open).add(parentId));
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label="Search locations"
          placeholder="Code or name, anywhere in the tree"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget({ mode: 'add', parent: null })}>
          Add site
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {q
          ? `Locations whose code or name contains “${q}”.`
          : 'Sites at the top; open one to see the areas, shelves and bins inside it.'}
      </Text>
      <section aria-label={q ? 'Location search results' : 'Location tree'}>
        {q ? (
          <LocationList
            key={`search-${q}`}
            parentId={null}
            q={q}
            actions={actions}
            empty={`No location matches “${q}”. Check the spelling or clear the search.`}
          />
        ) : (
          <LocationList
            parentId={null}
            actions={actions}
            empty="No locations yet. Start with “Add site”, then add areas, shelves and bins inside it."
          />
        )}
      </section>
      <LocationDialog target={target} onClose={() => setTarget(null)} onAdded={reveal} />
    </Stack>
  );
}
