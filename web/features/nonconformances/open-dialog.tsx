// "Open nonconformance" (anyone in the company, decision 073): the item, optionally its lot (chosen among the item's
// lots, or given by the lot page that sent here), how much, from which supplier, and what is wrong. Opening one
// moves no stock; holding the lot stays a separate act (the lot page's Hold), so nothing is stopped by mistake.
import { Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLotDetail } from '#common/schemas/lots.ts';
import { type TNcDetail, type TNcOpen, ZNcOpenSchema } from '#common/schemas/nonconformances.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { ItemSelect, type TItemOption } from '../../components/item-pickers.tsx';
import { SupplierSelect, type TSupplierOption } from '../../components/supplier-select.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { getItemLots } from '../../lib/items-api.ts';
import { quantityInputMode } from '../../lib/quantity-input.ts';
import { toast } from '../../lib/toast.ts';
import { ncKeys, openNonconformance } from './api.ts';

interface TValues extends Record<string, unknown> {
  item: TItemOption | null;
  lotId: string | null;
  quantity: string;
  supplier: TSupplierOption | null;
  description: string;
}

export function OpenDialog({
  opened,
  lot,
  onClose,
  onOpened,
}: {
  opened: boolean;
  /** The lot the lot page sent (?openFor=): its item and lot are set. */
  lot: TLotDetail | null;
  onClose: () => void;
  onOpened: (nc: TNcDetail) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Open nonconformance" size="lg">
      {opened ? <OpenForm lot={lot} onClose={onClose} onOpened={onOpened} /> : null}
    </Modal>
  );
}

function OpenForm({
  lot,
  onClose,
  onOpened,
}: {
  lot: TLotDetail | null;
  onClose: () => void;
  onOpened: (nc: TNcDetail) => void;
}) {
  const client = useQueryClient();
  const form = useContractForm<TValues, TNcOpen>({
    schema: ZNcOpenSchema,
    initialValues: {
      item: lot ? { value: lot.item.id, label: `${lot.item.partNumber} · ${lot.item.name}` } : null,
      lotId: lot?.id ?? null,
      quantity: lot ? lot.total : '',
      supplier: lot?.supplier
        ? { value: lot.supplier.id, label: `${lot.supplier.code} · ${lot.supplier.name}` }
        : null,
      description: '',
    },
    toBody: (v) => ({
      itemId: v.item?.value ?? '',
      ...(v.lotId ? { lotId: v.lotId } : {}),
      ...(v.supplier ? { supplierId: v.supplier.value } : {}),
      quantity: v.quantity,
      description: v.description,
    }),
    paths: { itemId: 'item', supplierId: 'supplier' },
    rules: (v) => ({ item: !v.item && 'Choose the item' }),
  });
  const itemId = form.values.item?.value ?? null;
  const unit = lot?.item.unitOfMeasure ?? form.values.item?.item?.unitOfMeasure;
  const lotTracked = lot !== null || form.values.item?.item?.lotTracked === true;
  const lots = useQuery({
    queryKey: ['items', itemId, 'lots', 'pick'],
    queryFn: ({ signal }) => getItemLots(itemId!, 1, 100, signal),
    enabled: !lot && itemId !== null && lotTracked,
  });
  const save = useMutation({
    mutationFn: (body: TNcOpen) => openNonconformance(body),
    onSuccess: async (made) => {
      await client.invalidateQueries({ queryKey: ncKeys.all });
      toast('success', {
        title: `${made.numberText} opened`,
        message: `${made.partNumber}${made.lotNumber ? `, lot ${made.lotNumber}` : ''}: ${made.description}`,
      });
      onOpened(made);
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="Open nonconformance">
      <Stack>
        {lot ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {lot.item.partNumber} · {lot.item.name}, lot {lot.lotNumber}
          </Text>
        ) : (
          <>
            <ItemSelect
              value={form.values.item}
              onChange={(item) => form.setValues({ item, lotId: null })}
              error={form.errorOf('item')}
              autoFocus
            />
            {lotTracked && itemId ? (
              <Select
                label="Lot"
                description="Optional: the lot it concerns"
                placeholder={lots.isPending ? 'Loading lots…' : 'Choose a lot'}
                clearable
                searchable
                data={(lots.data?.items ?? []).map((l) => ({
                  value: l.id,
                  label: `${l.lotNumber} (${l.onHand} on hand)`,
                }))}
                nothingFoundMessage="No lot of this item matches"
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('lotId')}
              />
            ) : null}
          </>
        )}
        <TextInput
          label={unit ? `Quantity (${unit})` : 'Quantity'}
          description="How much does not conform"
          inputMode={quantityInputMode(unit)}
          required
          w={{ base: '100%', xs: 240 }}
          data-autofocus={lot ? true : undefined}
          {...form.getInputProps('quantity')}
        />
        <SupplierSelect
          value={form.values.supplier}
          onChange={(supplier) => form.setFieldValue('supplier', supplier)}
          error={form.errorOf('supplier')}
        />
        <Textarea
          label="What is wrong"
          description="What was found, where and how"
          required
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <FormFooter error={form.formError} onCancel={onClose} submitLabel="Open" pending={save.isPending} />
      </Stack>
    </form>
  );
}
