// Receive stock of an item into a location: quantity, optional unit cost, for a lot-tracked item (when the company
// uses lot numbers) the lot number and its optional expiry, and the supplier it came from when the company keeps a
// supplier list (decision 070). A new lot number creates the lot; a new lot keeps the receipt's supplier.
import { TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { STOCK_MESSAGES, type TStockTransaction } from '#common/schemas/stock.ts';
import { DateField } from '../../components/date-field.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { SupplierSelect, type TSupplierOption } from '../../components/supplier-select.tsx';
import { quantityInputMode } from '../../lib/quantity-input.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { getLocation, getLot } from './api.ts';
import { itemDialog, PostingForm, type TItemDialogProps } from './dialog-frame.tsx';
import { lotSuffix } from './stock-format.ts';
import { stockKeys } from './stock-keys.ts';
import { linePaths, usePostingForm } from './use-stock-posting.ts';

export const ReceiveDialog = itemDialog('Receive', ReceiveBody);

/** A new lot a receipt plan put on hold (decision 072): said in the confirmation, so nobody looks for it to issue. */
const heldText = (held: TStockTransaction['heldForInspection']) =>
  held && held.length > 0
    ? `. Lot ${held.map((h) => h.lotNumber).join(', ')} is on hold for inspection (${held[0]!.inspectionLabel}): ${held[0]!.reason}`
    : '';

/** The receive form for one item, in whichever dialog chose it. */
export function ReceiveBody({ item, locationId, lotId, onClose, onDone }: TItemDialogProps) {
  const { data: session } = useSession();
  const usesLots = item.lotTracked && configOf(session).useLotNumbers;
  const preset = locationId ?? item.defaultLocationId;
  const presetLocation = useQuery({
    queryKey: stockKeys.location(preset ?? ''),
    queryFn: ({ signal }) => getLocation(preset!, signal),
    enabled: Boolean(preset),
  });
  const presetLot = useQuery({
    queryKey: stockKeys.lot(lotId ?? ''),
    queryFn: ({ signal }) => getLot(lotId!, signal),
    enabled: Boolean(lotId) && usesLots,
  });
  const presetCode = presetLocation.data?.fullCode ?? null;
  const presetLotNumber = presetLot.data?.lotNumber ?? '';
  // The lot number as typed, or the preset lot's until something is typed (null): the preset loads after opening.
  const lotOf = (values: { lotNumber: string | null }) => values.lotNumber ?? presetLotNumber;

  const { form, mutation, submit } = usePostingForm({
    initialValues: {
      locationId: preset ?? null,
      // What the location picker shows; null for the preset location, whose code loads after opening.
      locationCode: null as string | null,
      quantity: '',
      unitCost: '',
      lotNumber: null as string | null,
      lotExpiresOn: '',
      reference: '',
      supplier: null as TSupplierOption | null,
    },
    toBody: (values) => {
      const unitCost = values.unitCost.trim();
      const lotNumber = lotOf(values).trim();
      return {
        kind: 'receive',
        reference: values.reference.trim(),
        ...(values.supplier ? { supplierId: values.supplier.value } : {}),
        lines: [
          {
            itemId: item.id,
            locationId: values.locationId ?? '',
            quantity: values.quantity.trim(),
            ...(unitCost ? { unitCost } : {}),
            ...(usesLots && lotNumber ? { lotNumber } : {}),
            ...(usesLots && values.lotExpiresOn ? { lotExpiresOn: values.lotExpiresOn } : {}),
          },
        ],
      };
    },
    paths: {
      ...linePaths({
        locationId: 'locationId',
        quantity: 'quantity',
        unitCost: 'unitCost',
        lotNumber: 'lotNumber',
        lotExpiresOn: 'lotExpiresOn',
      }),
      supplierId: 'supplier',
    },
    rules: (values) => ({
      locationId: !values.locationId && 'Choose where the stock goes',
      lotNumber: usesLots && !lotOf(values).trim() && STOCK_MESSAGES.lotRequired,
    }),
    describe: (posted) => {
      const line = posted.lines[0];
      return {
        title: 'Stock received',
        message: `Received ${line?.quantityDelta} ${item.unitOfMeasure} of ${item.partNumber} into ${line?.locationCode}${lotSuffix(line?.lotNumber)}${heldText(posted.heldForInspection)}`,
      };
    },
    onDone: () => {
      onClose();
      onDone?.();
    },
  });
  const { values } = form;

  return (
    <PostingForm
      label={`Receive ${item.partNumber}`}
      submitLabel="Receive"
      busy={mutation.isPending}
      formError={form.formError}
      onSubmit={submit}
      onCancel={onClose}
    >
      <LocationSelect
        label="Into location"
        value={values.locationId}
        selectedLabel={values.locationCode ?? (values.locationId === preset ? presetCode : null)}
        onChange={(id, code) => {
          form.setFieldValue('locationId', id);
          form.setFieldValue('locationCode', code);
        }}
        error={form.errorOf('locationId')}
      />
      <TextInput
        label={`Quantity (${item.unitOfMeasure})`}
        inputMode={quantityInputMode(item.unitOfMeasure)}
        required
        data-autofocus
        {...form.getInputProps('quantity')}
      />
      <TextInput
        label="Unit cost ($)"
        description={`Leave empty to use the item's cost (${item.unitCost})`}
        inputMode="decimal"
        {...form.getInputProps('unitCost')}
      />
      {usesLots ? (
        <>
          <TextInput
            label="Lot number"
            description="A new number creates the lot; an existing one adds to it"
            required
            {...form.getInputProps('lotNumber')}
            value={lotOf(values)}
          />
          <DateField
            label="Expires on"
            description="Optional, for a new lot"
            {...form.getInputProps('lotExpiresOn')}
          />
        </>
      ) : null}
      <SupplierSelect
        value={values.supplier}
        onChange={(supplier) => form.setFieldValue('supplier', supplier)}
        error={form.errorOf('supplier')}
      />
      <TextInput
        label="Reference"
        description="Optional: purchase order, delivery note"
        {...form.getInputProps('reference')}
      />
    </PostingForm>
  );
}
