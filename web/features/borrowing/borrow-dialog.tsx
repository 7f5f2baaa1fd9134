// Lend an item: from which balance (location and lot, with what is on hand), how much, to whom (a person of the
// company or a job), until when, and why. One idempotency key per opening, so a double click or a retry after a
// lost answer lends once; the server's field errors land on the fields.
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { featureFlagsOf } from '#common/label-config.ts';
import { type TBorrowInputRaw, ZBorrowInputSchema } from '#common/schemas/borrowing.ts';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { DateField } from '../../components/date-field.tsx';
import { FormFooter } from '../../components/form-footer.tsx';
import { JobPicker, type TJobOption } from '../../components/job-picker.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { fetchItemBalances, lend } from './api.ts';
import { BorrowerSelect } from './borrower-select.tsx';
import { lentMessage } from './format.ts';
import { refreshAfterStockChange } from './refresh.ts';

export interface TBorrowDialogProps {
  opened: boolean;
  onClose: () => void;
  item: TItem;
  /** Preselected source location and lot (e.g. from a balance row or a scan). */
  locationId?: string | null;
  lotId?: string | null;
}

export function BorrowDialog({ opened, onClose, item, locationId, lotId }: TBorrowDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Lend ${item.partNumber}`} size="lg">
      {/* A fresh form (and idempotency key) each time the dialog opens. */}
      {opened ? (
        <BorrowForm item={item} locationId={locationId ?? null} lotId={lotId ?? null} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

const sourceKey = (locationId: string, lotId: string | null) => `${locationId}|${lotId ?? ''}`;

/** Server paths that all point at the source balance picker. */
const SOURCE_FIELDS = ['itemId', 'locationId', 'lotId'];

interface TBorrowValues extends Record<string, unknown> {
  source: string | null;
  quantity: string;
  borrowerKind: 'person' | 'job';
  personId: string | null;
  /** The chosen person's name, for the picker. */
  personName: string | null;
  /** The open job picked (decision 079): lent to a job is picked, never typed. */
  job: TJobOption | null;
  dueOn: string;
  note: string;
}

function BorrowForm({
  item,
  locationId,
  lotId,
  onClose,
}: {
  item: TItem;
  locationId: string | null;
  lotId: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  // Made once per opening of the dialog: not a field, so not the form's.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const balances = useQuery({
    queryKey: queryKeys.borrowBalances(item.id),
    queryFn: ({ signal }) => fetchItemBalances(item.id, signal),
  });
  const rows = balances.data?.balances ?? [];
  // A lot on hold cannot be lent (decision 070): shown, disabled, never the source.
  const usable = rows.filter((b) => !b.onHold);
  // One usable balance only: it is the source; otherwise the one preselected, if it is still there and usable.
  const chosenOf = (source: string | null) =>
    usable.find((b) => sourceKey(b.locationId, b.lotId) === source) ??
    (usable.length === 1 ? usable[0] : undefined);

  const form = useContractForm<TBorrowValues, TBorrowInputRaw>({
    schema: ZBorrowInputSchema,
    initialValues: {
      source: locationId ? sourceKey(locationId, lotId) : null,
      quantity: '',
      borrowerKind: 'person',
      personId: null,
      personName: null,
      job: null,
      dueOn: '',
      note: '',
    },
    toBody: (values) => {
      const chosen = chosenOf(values.source);
      return {
        itemId: item.id,
        locationId: chosen?.locationId ?? '',
        lotId: chosen?.lotId ?? null,
        quantity: values.quantity,
        borrower:
          values.borrowerKind === 'person'
            ? { userId: values.personId ?? undefined }
            : { jobId: values.job?.value },
        dueOn: values.dueOn,
        note: values.note,
        idempotencyKey,
      };
    },
    paths: (values) => {
      // The borrower's errors show under whichever of the two pickers is there.
      const borrower = values.borrowerKind === 'person' ? 'personId' : 'job';
      return {
        ...Object.fromEntries(SOURCE_FIELDS.map((field) => [field, 'source'])),
        borrower,
        'borrower.userId': borrower,
        'borrower.jobId': 'job',
      };
    },
    rules: (values) => ({ source: !chosenOf(values.source) && 'Choose where the item comes from' }),
    // A refusal of the source or the quantity (e.g. not enough stock) also shows its full message.
    wholeMessage: (failure) =>
      Object.keys(failure.fieldErrors).some((path) => [...SOURCE_FIELDS, 'quantity'].includes(path)),
  });
  const { values } = form;
  const chosen = chosenOf(values.source);
  const jobs = featureFlagsOf(configOf(useSession().data)).time;

  const save = useMutation({
    mutationFn: (body: TBorrowInputRaw) => lend(body),
    onSuccess: async (borrowing) => {
      await refreshAfterStockChange(queryClient);
      toast('success', { title: 'Item lent', message: lentMessage(borrowing) });
      onClose();
    },
    onError: form.showFailure,
  });

  if (balances.isError)
    return (
      <LoadError
        title="Stock could not be loaded"
        error={balances.error}
        onRetry={() => void balances.refetch()}
      />
    );
  if (balances.isPending) return <Loader aria-label="Loading stock" />;
  if (rows.length === 0)
    return (
      <Stack>
        <Alert color="yellow" title="Nothing on hand to lend">
          {item.partNumber} has no stock anywhere. Receive some first, then lend it.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );

  const unit = item.unitOfMeasure;
  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label={`Lend ${item.partNumber}`}
    >
      <Stack>
        <Text size="sm">
          <strong>{item.partNumber}</strong> · {item.name}
        </Text>
        <Select
          label="Take it from"
          required
          data={rows.map((b) => ({
            value: sourceKey(b.locationId, b.lotId),
            label: `${b.locationCode}${b.lotNumber ? ` · lot ${b.lotNumber}` : ''} — ${b.quantity} ${unit} on hand${b.onHold ? ' — On hold' : ''}`,
            disabled: b.onHold,
          }))}
          {...form.getInputProps('source')}
          value={chosen ? sourceKey(chosen.locationId, chosen.lotId) : null}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={`Quantity (${unit})`}
          required
          inputMode="decimal"
          autoComplete="off"
          description={chosen ? `${chosen.quantity} ${unit} on hand there` : undefined}
          {...form.getInputProps('quantity')}
        />
        {/* Jobs are the Time area's: without it, stock is lent to people. */}
        {jobs ? (
          <SegmentedControl
            aria-label="Lend to"
            data={[
              { value: 'person', label: 'A person' },
              { value: 'job', label: 'A job' },
            ]}
            value={values.borrowerKind}
            onChange={(kind) => form.setFieldValue('borrowerKind', kind as TBorrowValues['borrowerKind'])}
          />
        ) : null}
        {values.borrowerKind === 'person' ? (
          <BorrowerSelect
            value={values.personId}
            selectedName={values.personName}
            onChange={(id, name) => {
              form.setFieldValue('personId', id);
              form.setFieldValue('personName', name);
            }}
            error={form.errorOf('personId')}
          />
        ) : (
          <JobPicker
            label="Job"
            description="The open job it is lent to"
            required
            value={values.job}
            onChange={(job) => form.setFieldValue('job', job)}
            error={form.errorOf('job')}
          />
        )}
        {/* From today on the company's clock (the server has the last word). */}
        <DateField label="Due back on" required min="today" {...form.getInputProps('dueOn')} />
        <Textarea
          label="Note"
          placeholder="What it is for (optional)"
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('note')}
        />
        <FormFooter error={form.formError} onCancel={onClose} submitLabel="Lend" pending={save.isPending} />
      </Stack>
    </form>
  );
}
