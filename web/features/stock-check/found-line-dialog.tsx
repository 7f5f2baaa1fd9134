// "Add an item found here": stock found during the count where the book has none, as a new line (expected 0) with
// its count. For a location count the location must be inside the counted one; for an items count the item must be
// one of its items. A line that already exists is pointed to instead of duplicated.
import { Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TCountSession, type TFoundLine, ZFoundLineSchema } from '#common/schemas/stock-check.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { ItemSelect, type TItemOption } from '../../components/item-pickers.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { addFoundLine } from './api.ts';
import { lineName } from './count-entry.tsx';

export function FoundLineDialog({
  session,
  opened,
  onClose,
  onDuplicate,
}: {
  session: TCountSession;
  opened: boolean;
  onClose: () => void;
  /** The item already has a line here: show it (by its part number). */
  onDuplicate: (partNumber: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add an item found here">
      {opened ? <FoundLineForm session={session} onClose={onClose} onDuplicate={onDuplicate} /> : null}
    </Modal>
  );
}

function FoundLineForm({
  session,
  onClose,
  onDuplicate,
}: {
  session: TCountSession;
  onClose: () => void;
  onDuplicate: (partNumber: string) => void;
}) {
  const queryClient = useQueryClient();
  const form = useContractForm({
    schema: ZFoundLineSchema,
    initialValues: {
      item: null as TItemOption | null,
      locationId: session.scope === 'location' ? session.locationId : (null as string | null),
      // What the location picker shows for the chosen location.
      locationCode: session.scope === 'location' ? session.locationCode : (null as string | null),
      lotNumber: '',
      countedQuantity: '',
    },
    toBody: (values): TFoundLine => ({
      itemId: values.item?.value ?? '',
      locationId: values.locationId ?? '',
      ...(values.lotNumber.trim() ? { lotNumber: values.lotNumber.trim() } : {}),
      countedQuantity: values.countedQuantity.trim(),
    }),
    paths: { itemId: 'item', lotId: 'lotNumber' },
    rules: (values) => ({
      item: !values.item && 'Choose the item you found',
      locationId: !values.locationId && 'Choose where you found it',
    }),
  });
  const { values } = form;

  const add = useMutation({
    mutationFn: (body: TFoundLine) => addFoundLine(session.id, body),
    onSuccess: (line) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.stockCheck(session.id) });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.stockChecks, 'list'] });
      toast('success', {
        title: 'Found stock added',
        message: `${lineName(line)}: ${line.countedQuantity} ${line.unitOfMeasure} counted`,
      });
      onClose();
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 409 && values.item) {
        toast('error', { title: 'Already in this count', message: messageOf(failure) });
        onDuplicate(String(values.item.label).split(' · ')[0] ?? '');
        onClose();
        return;
      }
      form.showFailure(failure);
      toast('error', { title: 'Not added', message: messageOf(failure) });
    },
  });

  return (
    <form onSubmit={form.onSubmit((body) => add.mutate(body))} noValidate aria-label="Add an item found here">
      <Stack>
        <ItemSelect
          value={values.item}
          onChange={(chosen) => form.setFieldValue('item', chosen)}
          error={form.errorOf('item')}
        />
        <LocationSelect
          label="Where"
          description={
            session.scope === 'location'
              ? `${session.locationCode} or a location under it`
              : 'Type part of a code or name to search every location'
          }
          value={values.locationId}
          selectedLabel={values.locationCode}
          onChange={(id, code) => {
            form.setFieldValue('locationId', id);
            form.setFieldValue('locationCode', code);
          }}
          error={form.errorOf('locationId')}
        />
        <TextInput
          label="Lot number"
          description="For a lot-tracked item: the lot on the label. Leave empty otherwise."
          maxLength={64}
          {...form.getInputProps('lotNumber')}
        />
        <TextInput
          label="Counted quantity"
          required
          inputMode="decimal"
          autoComplete="off"
          {...form.getInputProps('countedQuantity')}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          cancelLabel="Close"
          submitLabel="Add line"
          pending={add.isPending}
        />
      </Stack>
    </form>
  );
}
