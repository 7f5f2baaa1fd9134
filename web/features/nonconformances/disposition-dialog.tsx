// "Disposition" (admins, decision 073): what becomes of the nonconforming stock — scrap, rework, use as is or return
// to supplier — with how much of what is left undecided (part of it is fine: the rest stays to decide), and, before
// anything is sent, in words what will move: which lot loses how much at what cost, which work order is made, whether
// the nonconformance stays open and whether the lot comes off hold or what it still waits for. One request; the
// server posts the stock and releases the lot in the same transaction, and its refusals land on the field they concern.
import { Alert, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { compareDecimal } from '#common/decimal.ts';
import {
  NC_DISPOSITIONS,
  type TNcDetail,
  type TNcDisposition,
  type TNcDispositionInput,
  ZNcDispositionSchema,
} from '#common/schemas/nonconformances.ts';
import type { TSupplierPage } from '#common/schemas/suppliers.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { api } from '../../lib/api-client.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { quantityInputMode } from '../../lib/quantity-input.ts';
import { toast } from '../../lib/toast.ts';
import { dispositionNonconformance, ncKeys } from './api.ts';
import { afterDisposition, DISPOSITION_LABELS, willDo } from './nc-format.ts';

const DESCRIPTIONS: Record<TNcDisposition, string> = {
  scrap: 'Take it out of stock and write it off',
  rework: 'Make a work order to fix it',
  use_as_is: 'Accept it as it is: nothing moves',
  return_to_supplier: 'Take it out of stock and send it back',
};

interface TValues extends Record<string, unknown> {
  disposition: TNcDisposition | '';
  quantity: string;
  locationId: string | null;
  locationLabel: string | null;
  supplierId: string | null;
  supplierLabel: string | null;
  note: string;
}

export function DispositionDialog({
  opened,
  nc,
  onClose,
}: {
  opened: boolean;
  nc: TNcDetail;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Disposition ${nc.numberText}`} size="lg">
      {opened ? <DispositionForm nc={nc} onClose={onClose} /> : null}
    </Modal>
  );
}

function DispositionForm({ nc, onClose }: { nc: TNcDetail; onClose: () => void }) {
  const client = useQueryClient();
  // What is left to decide, at most what the lot still holds: a scrap of more would be refused.
  const left = nc.undecidedQuantity;
  const start =
    nc.lotQuantity !== null &&
    compareDecimal(nc.lotQuantity, left) < 0 &&
    compareDecimal(nc.lotQuantity, '0') > 0
      ? nc.lotQuantity
      : left;
  const form = useContractForm<TValues, TNcDispositionInput>({
    schema: ZNcDispositionSchema,
    initialValues: {
      disposition: '',
      quantity: start,
      locationId: null,
      locationLabel: null,
      supplierId: nc.supplierId,
      supplierLabel: nc.supplierName,
      note: '',
    },
    toBody: (v) => ({
      disposition: v.disposition as TNcDisposition,
      quantity: v.quantity,
      ...(v.locationId && !nc.lotId ? { locationId: v.locationId } : {}),
      ...(v.supplierId && v.disposition === 'return_to_supplier' ? { supplierId: v.supplierId } : {}),
      note: v.note,
    }),
    rules: (v) => ({
      disposition: !v.disposition && 'Choose what becomes of the stock',
      locationId:
        !nc.lotId &&
        (v.disposition === 'scrap' || v.disposition === 'return_to_supplier') &&
        !v.locationId &&
        'Choose where the stock is taken from',
      supplierId:
        v.disposition === 'return_to_supplier' && !v.supplierId && 'Choose the supplier it goes back to',
    }),
    wholeMessage: (failure) => failure.status === 409,
  });
  const save = useMutation({
    mutationFn: (body: TNcDispositionInput) => dispositionNonconformance(nc.id, body),
    onSuccess: async (saved) => {
      client.setQueryData(ncKeys.one(saved.id), saved);
      await client.invalidateQueries({ queryKey: ncKeys.all });
      // The lot's stock and hold, and the item's history, changed with it.
      await client.invalidateQueries({ queryKey: ['stock'] });
      await client.invalidateQueries({ queryKey: ['items'] });
      const last = saved.dispositionLog.at(-1);
      toast('success', {
        title: `${saved.numberText}: ${last ? DISPOSITION_LABELS[last.disposition].toLowerCase() : 'dispositioned'}`,
        message: afterDisposition(saved),
      });
      onClose();
    },
    onError: form.showFailure,
  });
  const v = form.values;
  const moves = v.disposition === 'scrap' || v.disposition === 'return_to_supplier';
  const unit = nc.unitOfMeasure;
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="Disposition">
      <Stack>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {formatQuantity(nc.quantity, unit)} of {nc.partNumber}
          {compareDecimal(left, nc.quantity) < 0 ? ` (${formatQuantity(left, unit)} left to decide)` : ''}
          {nc.lotNumber ? `, lot ${nc.lotNumber} (holds ${formatQuantity(nc.lotQuantity ?? '0', unit)})` : ''}
          : {nc.description}
        </Text>
        <Radio.Group label="Disposition" required {...form.getInputProps('disposition')}>
          <Stack gap="xs" mt="xs">
            {NC_DISPOSITIONS.map((d) => (
              <Radio key={d} value={d} label={DISPOSITION_LABELS[d]} description={DESCRIPTIONS[d]} />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label={`Quantity (${unit})`}
          description={`At most ${formatQuantity(left, unit)}, what is left to decide; less leaves the rest open`}
          inputMode={quantityInputMode(unit)}
          required
          w={{ base: '100%', xs: 240 }}
          {...form.getInputProps('quantity')}
        />
        {moves && !nc.lotId ? (
          <LocationSelect
            label="Take it from"
            description="The stock has no lot: say where it is"
            value={v.locationId}
            selectedLabel={v.locationLabel}
            onChange={(id, code) => form.setValues({ locationId: id, locationLabel: code })}
            error={form.errorOf('locationId')}
          />
        ) : null}
        {v.disposition === 'return_to_supplier' ? (
          <RemoteSelect
            label="Return to"
            placeholder="Search suppliers"
            noun="suppliers"
            required
            value={v.supplierId}
            selectedLabel={v.supplierLabel}
            onChange={(id, label) => form.setValues({ supplierId: id, supplierLabel: label })}
            error={form.errorOf('supplierId')}
            queryKey={(q) => ['suppliers', 'pick', q]}
            search={async (q, signal) => {
              const params = new URLSearchParams({
                page: '1',
                pageSize: '20',
                active: 'all',
                ...(q ? { q } : {}),
              });
              const page = await api<TSupplierPage>(`/api/v1/suppliers?${params}`, { signal });
              return { items: page.items.map((s) => ({ value: s.id, label: s.name })), total: page.total };
            }}
            empty="No suppliers: an admin adds them under SKU Setup → Suppliers."
          />
        ) : null}
        <Textarea
          label="Note"
          description="Optional: an RMA number, who decided"
          autosize
          {...form.getInputProps('note')}
        />
        {v.disposition ? (
          <Alert variant="light" color={moves ? 'orange' : 'blue'} title="What this does" aria-live="polite">
            {willDo(nc, v.disposition, v.quantity, v.supplierLabel)}
          </Alert>
        ) : null}
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={v.disposition ? DISPOSITION_LABELS[v.disposition] : 'Disposition'}
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
