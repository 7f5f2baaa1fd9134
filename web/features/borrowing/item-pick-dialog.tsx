// "Lend an item" from the Borrowed tab: first choose which item (searched on the server, active items only), then
// the lend dialog opens for it.
import { Button, type ComboboxItem, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ZBorrowInputSchema } from '#common/schemas/borrowing.ts';
import type { TItem, TItemListQuery } from '#common/schemas/inventory-setup.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { listItems } from '../../lib/items-api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const PICK_SIZE = 20;
const MORE = '__more__';

export function ItemPickDialog({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (item: TItem) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Lend an item" size="md">
      {opened ? <ItemPickForm onClose={onClose} onPick={onPick} /> : null}
    </Modal>
  );
}

function ItemPickForm({ onClose, onPick }: { onClose: () => void; onPick: (item: TItem) => void }) {
  const [search, setSearch] = useState('');
  // The search box's text is the picker's; the item chosen is the form's.
  const form = useContractForm({
    // Lending starts with the item: the lend contract's own rule for it.
    schema: ZBorrowInputSchema.pick({ itemId: true }),
    initialValues: { picked: null as TItem | null },
    toBody: (values) => ({ itemId: values.picked?.id ?? '' }),
    paths: { itemId: 'picked' },
    rules: (values) => ({ picked: !values.picked && 'Choose the item to lend' }),
  });
  const { picked } = form.values;
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const pickedLabel = picked ? `${picked.partNumber} · ${picked.name}` : null;
  const q = debounced === pickedLabel ? '' : debounced;
  const query: TItemListQuery = { q, status: 'active', page: 1, pageSize: PICK_SIZE };
  const found = useQuery({
    queryKey: queryKeys.itemsPage({ ...query, view: 'pick' }),
    queryFn: ({ signal }) => listItems(query, signal),
    placeholderData: keepPreviousData,
  });
  const items = found.data?.items ?? [];
  const options: ComboboxItem[] = items.map((i) => ({ value: i.id, label: `${i.partNumber} · ${i.name}` }));
  if (picked && pickedLabel && !items.some((i) => i.id === picked.id))
    options.unshift({ value: picked.id, label: pickedLabel });
  const more = (found.data?.total ?? 0) - items.length;
  if (more > 0)
    options.push({ value: MORE, label: `${more} more: type more of the part number`, disabled: true });

  return (
    <form
      onSubmit={form.onSubmit(() => {
        if (picked) onPick(picked);
      })}
      noValidate
      aria-label="Choose the item to lend"
    >
      <Stack>
        <Select
          label="Item"
          description="Type part of a part number or name."
          placeholder="Search items"
          required
          searchable
          data={options}
          value={picked?.id ?? null}
          onChange={(id) =>
            form.setFieldValue(
              'picked',
              items.find((i) => i.id === id) ?? (id === picked?.id ? picked : null),
            )
          }
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={
            found.isError
              ? `Items could not be loaded: ${messageOf(found.error)}`
              : found.isPending
                ? 'Searching…'
                : q
                  ? `No active item matches “${q}”.`
                  : 'No active items yet.'
          }
          {...(found.isFetching ? { rightSection: <Loader size="xs" aria-label="Searching items" /> } : {})}
          error={form.errorOf('picked')}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        {picked ? (
          <Text size="sm" c="dimmed">
            Unit: {picked.unitOfMeasure}
            {picked.lotTracked ? ' · lot-tracked' : ''}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Continue</Button>
        </Group>
      </Stack>
    </form>
  );
}
