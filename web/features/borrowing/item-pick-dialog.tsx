// "Lend an item" from the Borrowed tab: first choose which item (searched on the server, active items only), then
// the lend dialog opens for it.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ZBorrowInputSchema } from '#common/schemas/borrowing.ts';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { ItemSelect, type TItemOption } from '../../components/item-pickers.tsx';
import { useContractForm } from '../../lib/contract-form.ts';

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
  const form = useContractForm({
    // Lending starts with the item: the lend contract's own rule for it.
    schema: ZBorrowInputSchema.pick({ itemId: true }),
    initialValues: { picked: null as TItemOption | null },
    toBody: (values) => ({ itemId: values.picked?.value ?? '' }),
    paths: { itemId: 'picked' },
    rules: (values) => ({ picked: !values.picked && 'Choose the item to lend' }),
  });
  // Every option the picker offers comes from a search and carries its item.
  const picked = form.values.picked?.item ?? null;

  return (
    <form
      onSubmit={form.onSubmit(() => {
        if (picked) onPick(picked);
      })}
      noValidate
      aria-label="Choose the item to lend"
    >
      <Stack>
        <ItemSelect
          value={form.values.picked}
          onChange={(option) => form.setFieldValue('picked', option)}
          error={form.errorOf('picked')}
          description="Type part of a part number or name."
          autoFocus
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
