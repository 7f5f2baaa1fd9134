// Picks what to label: items found by a server-side search (with a lot of a lot-tracked item), locations, and
// "everything in this location". Each pick lands in the selection the Tag Items page prints.
import { ActionIcon, Button, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import type { TPrintTargetKind } from '#common/schemas/labels.ts';
import { LocationSelect } from '../../components/location-select.tsx';
import { getItemLots, listItems } from '../../lib/items-api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** One thing picked: what it is, how it reads in the list, and its copies. */
export interface TPick {
  kind: TPrintTargetKind | 'everything-in';
  id: string;
  label: string;
  copies: number;
}

export function TargetPicker({ onPick }: { onPick: (pick: Omit<TPick, 'copies'>) => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const query = { q, page: 1, pageSize: 8, status: 'active' as const, category: '' };
  const found = useQuery({
    queryKey: queryKeys.itemsPage({ ...query, for: 'labels' }),
    queryFn: ({ signal }) => listItems(query, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  const [location, setLocation] = useState<{ id: string; code: string } | null>(null);

  return (
    <Stack gap="sm">
      <TextInput
        label="Find items"
        description="Part number, name or category"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        type="search"
      />
      {q !== '' && found.data ? (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items found">
          {found.data.items.length === 0 ? <Text size="sm">No item matches “{q}”.</Text> : null}
          {found.data.items.map((item) => (
            <ItemRow key={item.id} item={item} onPick={onPick} />
          ))}
        </Stack>
      ) : null}
      <LocationSelect
        label="Location"
        value={location?.id ?? null}
        selectedLabel={location?.code ?? null}
        onChange={(id, code) => setLocation(id && code ? { id, code } : null)}
      />
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={!location}
          onClick={() => location && onPick({ kind: 'location', id: location.id, label: location.code })}
        >
          Add its location label
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={!location}
          onClick={() =>
            location &&
            onPick({ kind: 'everything-in', id: location.id, label: `Everything in ${location.code}` })
          }
        >
          Add everything in it
        </Button>
      </Group>
    </Stack>
  );
}

function ItemRow({ item, onPick }: { item: TItem; onPick: (pick: Omit<TPick, 'copies'>) => void }) {
  const [lotsOpen, setLotsOpen] = useState(false);
  const lots = useQuery({
    queryKey: queryKeys.stock('lots', item.id, 'labels'),
    queryFn: ({ signal }) => getItemLots(item.id, 1, 50, signal),
    enabled: lotsOpen,
  });
  const addLabel = `Add ${item.partNumber} to the labels to print`;
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <strong>{item.partNumber}</strong> {item.name}
      </Text>
      <Group gap="xs" wrap="nowrap">
        {item.lotTracked ? (
          <Select
            size="xs"
            w={140}
            placeholder="A lot…"
            aria-label={`Add a lot label of ${item.partNumber}`}
            data={(lots.data?.items ?? []).map((l) => ({ value: l.id, label: l.lotNumber }))}
            onDropdownOpen={() => setLotsOpen(true)}
            nothingFoundMessage={lots.isPending ? 'Loading…' : 'No lots'}
            value={null}
            onChange={(lotId) => {
              const lot = lots.data?.items.find((l) => l.id === lotId);
              if (lot) onPick({ kind: 'lot', id: lot.id, label: `${item.partNumber} lot ${lot.lotNumber}` });
            }}
          />
        ) : null}
        {/* An icon alone says little: its name and a tooltip (on hover, keyboard focus and touch) say what it does. */}
        <Tooltip label={addLabel} events={{ hover: true, focus: true, touch: true }}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={addLabel}
            onClick={() => onPick({ kind: 'item', id: item.id, label: `${item.partNumber} ${item.name}` })}
          >
            <IconPlus size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
