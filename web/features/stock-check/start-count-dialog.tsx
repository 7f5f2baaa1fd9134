// "Start a count" (admins): a location and everything under it, or a set of items wherever they are; a title and
// whether the count is blind (on by default: counters do not see the book). Opens the new count when started.
import { type ComboboxItem, Modal, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type TStartCountInput, ZStartCountSchema } from '#common/schemas/stock-check.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { ItemMultiSelect } from '../../components/item-pickers.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { startCount } from './api.ts';
import { countName } from './format.ts';

export function StartCountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Start a count" size="lg">
      {opened ? <StartCountForm onClose={onClose} /> : null}
    </Modal>
  );
}

function StartCountForm({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useContractForm({
    schema: ZStartCountSchema,
    initialValues: {
      scope: 'location' as 'location' | 'items',
      locationId: null as string | null,
      // What the location picker shows for the chosen location.
      locationCode: null as string | null,
      items: [] as ComboboxItem[],
      title: '',
      blind: true,
    },
    toBody: ({ scope, locationId, items, title, blind }): TStartCountInput =>
      scope === 'location'
        ? { scope, locationId: locationId ?? '', title, blind }
        : { scope, itemIds: items.map((i) => i.value), title, blind },
    // "itemIds.2" (one item refused) shows under the item picker.
    paths: { itemIds: 'items' },
    rules: (values) => ({
      locationId: values.scope === 'location' && !values.locationId && 'Choose the location to count',
    }),
  });
  const { values } = form;

  const start = useMutation({
    mutationFn: (body: TStartCountInput) => startCount(body),
    onSuccess: (session) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.stockChecks });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: `${countName(session)} started`,
        message:
          session.lines === 0
            ? 'No stock is booked there: add what you find with “Add an item found here”.'
            : `${session.lines} line${session.lines === 1 ? '' : 's'} to count.`,
      });
      onClose();
      navigate(`/stock-check?session=${encodeURIComponent(session.id)}`);
    },
    onError: (failure) => {
      const errors = form.showFailure(failure);
      toast('error', { title: 'The count was not started', message: Object.values(errors)[0] ?? '' });
    },
  });

  return (
    <form onSubmit={form.onSubmit((body) => start.mutate(body))} noValidate aria-label="Start a count">
      <Stack>
        <SegmentedControl
          aria-label="What to count"
          value={values.scope}
          onChange={(scope) => {
            form.setFieldValue('scope', scope as 'location' | 'items');
            // The other scope's messages belong to fields no longer shown.
            form.clearErrors();
          }}
          data={[
            { value: 'location', label: 'A location' },
            { value: 'items', label: 'Items' },
          ]}
        />
        {values.scope === 'location' ? (
          <LocationSelect
            label="Location"
            description="This location and everything under it (its areas, shelves and bins)."
            value={values.locationId}
            selectedLabel={values.locationCode}
            onChange={(id, code) => {
              form.setFieldValue('locationId', id);
              form.setFieldValue('locationCode', code);
            }}
            error={form.errorOf('locationId')}
          />
        ) : (
          <ItemMultiSelect
            value={values.items}
            onChange={(chosen) => form.setFieldValue('items', chosen)}
            error={form.errorOf('items')}
          />
        )}
        <TextInput
          label="Title (optional)"
          placeholder="e.g. Year-end count, aisle A"
          maxLength={120}
          {...form.getInputProps('title')}
        />
        <Switch
          label="Blind count"
          description="Counters do not see the quantities on the books until the count is posted, so they count what is really there."
          {...form.getInputProps('blind', { type: 'checkbox' })}
        />
        <Text size="sm" c="dimmed">
          The quantities on the books are taken now. One line is made for each item, location and lot with
          stock; stock found elsewhere in scope can be added while counting.
        </Text>
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          cancelLabel="Close"
          submitLabel="Start count"
          pending={start.isPending}
        />
      </Stack>
    </form>
  );
}
