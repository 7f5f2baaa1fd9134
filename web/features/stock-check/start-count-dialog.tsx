// "Start a count" (admins): a location and everything under it, or a set of items wherever they are; a title and
// whether the count is blind (on by default: counters do not see the book). Opens the new count when started.
import { type ComboboxItem, Modal, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { type TStartCountInput, ZStartCountSchema } from '#common/schemas/stock-check.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { formErrorsOf } from '../../lib/api-errors.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { startCount } from './api.ts';
import { countName } from './format.ts';
import { ItemMultiSelect } from './item-pickers.tsx';

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
  const [scope, setScope] = useState<'location' | 'items'>('location');
  const [location, setLocation] = useState<{ id: string | null; code: string | null }>({
    id: null,
    code: null,
  });
  const [items, setItems] = useState<ComboboxItem[]>([]);
  const [title, setTitle] = useState('');
  const [blind, setBlind] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const body = (): TStartCountInput =>
    scope === 'location'
      ? { scope, locationId: location.id ?? '', title, blind }
      : { scope, itemIds: items.map((i) => i.value), title, blind };

  const start = useMutation({
    mutationFn: () => startCount(body()),
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
      const found = formErrorsOf(failure);
      // "itemIds.2" (one item refused) shows under the item picker.
      const itemError = Object.entries(found).find(([field]) => field.startsWith('itemIds'))?.[1];
      setErrors(itemError ? { ...found, itemIds: itemError } : found);
      toast('error', { title: 'The count was not started', message: Object.values(found)[0] ?? '' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (scope === 'location' && !location.id) {
      setErrors({ locationId: 'Choose the location to count' });
      return;
    }
    const parsed = ZStartCountSchema.safeParse(body());
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    start.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Start a count">
      <Stack>
        <SegmentedControl
          aria-label="What to count"
          value={scope}
          onChange={(value) => {
            setScope(value as 'location' | 'items');
            setErrors({});
          }}
          data={[
            { value: 'location', label: 'A location' },
            { value: 'items', label: 'Items' },
          ]}
        />
        {scope === 'location' ? (
          <LocationSelect
            label="Location"
            description="This location and everything under it (its areas, shelves and bins)."
            value={location.id}
            selectedLabel={location.code}
            onChange={(id, code) => {
              setLocation({ id, code });
              setErrors({});
            }}
            error={errors.locationId}
          />
        ) : (
          <ItemMultiSelect
            value={items}
            onChange={(chosen) => {
              setItems(chosen);
              setErrors({});
            }}
            error={errors.itemIds}
          />
        )}
        <TextInput
          label="Title (optional)"
          placeholder="e.g. Year-end count, aisle A"
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
        />
        <Switch
          label="Blind count"
          description="Counters do not see the quantities on the books until the count is posted, so they count what is really there."
          checked={blind}
          onChange={(e) => setBlind(e.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed">
          The quantities on the books are taken now. One line is made for each item, location and lot with
          stock; stock found elsewhere in scope can be added while counting.
        </Text>
        <FormFooter
          error={errors.form}
          onCancel={onClose}
          cancelLabel="Close"
          submitLabel="Start count"
          pending={start.isPending}
        />
      </Stack>
    </form>
  );
}
