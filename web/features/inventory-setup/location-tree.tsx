// The location tree as nested lists with disclosure buttons: each level is fetched from the server when it is
// opened, a page at a time ("Show more"), so a site with thousands of bins never loads all at once.
import { ActionIcon, Badge, Box, Button, Group, Loader, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TLocation } from '#common/schemas/inventory-setup.ts';
import { LoadError } from '../../components/load-error.tsx';
import { childKinds, KIND_LABELS } from '../../lib/location-kinds.ts';
import { listLocations } from '../../lib/locations-api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const LEVEL_SIZE = 50;

/** What the tree's rows can ask of the section that holds them. */
export interface TTreeActions {
  expanded: ReadonlySet<string>;
  toggle: (id: string) => void;
  addInside: (parent: TLocation) => void;
  edit: (location: TLocation) => void;
}

/** One level of the tree (a parent's children, the sites when `parentId` is null) or the answers to a search. */
export function LocationList({
  parentId,
  q = '',
  actions,
  empty,
}: {
  parentId: string | null;
  q?: string;
  actions: TTreeActions;
  /** What to say when there is nothing to list. */
  empty: string;
}) {
  const lookup = { view: 'tree', parentId, q };
  const level = useInfiniteQuery({
    queryKey: queryKeys.locationsPage(lookup),
    queryFn: ({ pageParam, signal }) =>
      listLocations({ parentId, q, page: pageParam, pageSize: LEVEL_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

  if (level.isPending) return <Loader size="sm" aria-label="Loading locations" my="xs" />;
  if (level.isError) {
    return (
      <Box my="xs">
        <LoadError
          title="Locations could not be loaded"
          error={level.error}
          onRetry={() => void level.refetch()}
        />
      </Box>
    );
  }
  const seen = new Set<string>();
  const locations = level.data.pages
    .flatMap((p) => p.items)
    .filter((l) => !seen.has(l.id) && Boolean(seen.add(l.id)));
  const total = level.data.pages.at(-1)?.total ?? locations.length;
  if (locations.length === 0) {
    return (
      <Text size="sm" c="dimmed" my="xs">
        {empty}
      </Text>
    );
  }
  return (
    <>
      <Box component="ul" role="list" m={0} p={0} style={{ listStyle: 'none' }}>
        {locations.map((location) => (
          <LocationNode key={location.id} location={location} actions={actions} showFullCode={q !== ''} />
        ))}
      </Box>
      {level.hasNextPage ? (
        <Button
          size="xs"
          variant="subtle"
          my={4}
          loading={level.isFetchingNextPage}
          onClick={() => void level.fetchNextPage()}
        >
          Show more ({total - locations.length} not shown)
        </Button>
      ) : null}
    </>
  );
}

function LocationNode({
  location,
  actions,
  showFullCode,
}: {
  location: TLocation;
  actions: TTreeActions;
  showFullCode: boolean;
}) {
  const isOpen = actions.expanded.has(location.id);
  const canHoldMore = childKinds(location.kind).length > 0;
  const childrenId = `location-children-${location.id}`;
  return (
    <Box component="li" py={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 200px' }}>
          {location.childCount > 0 ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => actions.toggle(location.id)}
              aria-expanded={isOpen}
              aria-controls={isOpen ? childrenId : undefined}
              aria-label={`${isOpen ? 'Hide' : 'Show'} what is inside ${location.fullCode}`}
            >
              {isOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            </ActionIcon>
          ) : (
            // Keeps the codes of leaves in line with those that open.
            <Box w={28} style={{ flexShrink: 0 }} aria-hidden />
          )}
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {KIND_LABELS[location.kind]}
          </Badge>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {showFullCode ? location.fullCode : location.code}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {location.name}
              {location.childCount > 0 ? ` · ${location.childCount} inside` : ''}
              {location.active ? '' : ' · inactive'}
            </Text>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap" ml="auto">
          {canHoldMore ? (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => actions.addInside(location)}
              aria-label={`Add a location inside ${location.fullCode}`}
            >
              Add inside
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="light"
            onClick={() => actions.edit(location)}
            aria-label={`Edit ${location.fullCode}`}
          >
            Edit
          </Button>
        </Group>
      </Group>
      {isOpen ? (
        <Box
          id={childrenId}
          ml={14}
          pl={10}
          mt={4}
          style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
        >
          <LocationList
            parentId={location.id}
            actions={actions}
            empty="Nothing inside yet. Use “Add inside” to add one."
          />
        </Box>
      ) : null}
    </Box>
  );
}
