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
import { type FormEvent, useState } from 'react';
import { type TBorrowInputRaw, ZBorrowInputSchema } from '#common/schemas/borrowing.ts';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { LoadError } from '../../components/load-error.tsx';
import { formErrorsOf } from '../../lib/api-errors.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { fetchItemBalances, lend } from './api.ts';
import { BorrowerSelect } from './borrower-select.tsx';
import { lentMessage, pathErrorsOf } from './format.ts';
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

/** Server field names that all point at the source balance picker. */
const SOURCE_FIELDS = ['itemId', 'locationId', 'lotId'];

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
  const clock = useCompanyClock();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [source, setSource] = useState<string | null>(locationId ? sourceKey(locationId, lotId) : null);
  const [quantity, setQuantity] = useState('');
  const [borrowerKind, setBorrowerKind] = useState<'person' | 'job'>('person');
  const [person, setPerson] = useState<{ id: string | null; name: string | null }>({ id: null, name: null });
  const [jobReference, setJobReference] = useState('');
  const [dueOn, setDueOn] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const balances = useQuery({
    queryKey: queryKeys.borrowBalances(item.id),
    queryFn: ({ signal }) => fetchItemBalances(item.id, signal),
  });
  const rows = balances.data?.balances ?? [];
  // One balance only: it is the source; otherwise the one preselected, if it is still there.
  const chosen =
    rows.find((b) => sourceKey(b.locationId, b.lotId) === source) ??
    (rows.length === 1 ? rows[0] : undefined);

  const clear = (...fields: string[]) =>
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'form' && !fields.includes(k))),
    );

  const save = useMutation({
    mutationFn: (body: TBorrowInputRaw) => lend(body),
    onSuccess: async (borrowing) => {
      await refreshAfterStockChange(queryClient);
      toast('success', { title: 'Item lent', message: lentMessage(borrowing) });
      onClose();
    },
    onError: (failure) => {
      const found = formErrorsOf(failure);
      const mapped: Record<string, string> = {};
      for (const [field, message] of Object.entries(found))
        mapped[SOURCE_FIELDS.includes(field) ? 'source' : field] ??= message;
      // A refusal that names no field on this form (e.g. not enough stock) also shows its full message.
      if (failure instanceof Error && !mapped.form && (mapped.source || mapped.quantity))
        mapped.form = failure.message;
      setErrors(mapped);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setErrors({ source: 'Choose where the item comes from' });
      return;
    }
    const body: TBorrowInputRaw = {
      itemId: item.id,
      locationId: chosen.locationId,
      lotId: chosen.lotId,
      quantity,
      borrower: borrowerKind === 'person' ? { userId: person.id ?? undefined } : { jobReference },
      dueOn,
      note,
      idempotencyKey,
    };
    const parsed = ZBorrowInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(pathErrorsOf(parsed.error.issues));
      return;
    }
    save.mutate(body);
  };

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
    <form onSubmit={submit} noValidate aria-label={`Lend ${item.partNumber}`}>
      <Stack>
        <Text size="sm">
          <strong>{item.partNumber}</strong> · {item.name}
        </Text>
        <Select
          label="Take it from"
          required
          data={rows.map((b) => ({
            value: sourceKey(b.locationId, b.lotId),
            label: `${b.locationCode}${b.lotNumber ? ` · lot ${b.lotNumber}` : ''} — ${b.quantity} ${unit} on hand`,
          }))}
          value={chosen ? sourceKey(chosen.locationId, chosen.lotId) : null}
          onChange={(value) => {
            setSource(value);
            clear('source', 'quantity');
          }}
          error={errors.source}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={`Quantity (${unit})`}
          required
          inputMode="decimal"
          autoComplete="off"
          description={chosen ? `${chosen.quantity} ${unit} on hand there` : undefined}
          value={quantity}
          onChange={(e) => {
            setQuantity(e.currentTarget.value);
            clear('quantity');
          }}
          error={errors.quantity}
        />
        <SegmentedControl
          aria-label="Lend to"
          value={borrowerKind}
          onChange={(value) => {
            setBorrowerKind(value as 'person' | 'job');
            clear('borrower', 'borrower.userId', 'borrower.jobReference');
          }}
          data={[
            { value: 'person', label: 'A person' },
            { value: 'job', label: 'A job' },
          ]}
        />
        {borrowerKind === 'person' ? (
          <BorrowerSelect
            value={person.id}
            selectedName={person.name}
            onChange={(id, name) => {
              setPerson({ id, name });
              clear('borrower', 'borrower.userId');
            }}
            error={errors['borrower.userId'] ?? errors.borrower}
          />
        ) : (
          <TextInput
            label="Job reference"
            required
            placeholder="e.g. J-1042"
            value={jobReference}
            onChange={(e) => {
              setJobReference(e.currentTarget.value);
              clear('borrower', 'borrower.jobReference', 'borrower.userId');
            }}
            error={errors['borrower.jobReference'] ?? errors['borrower.userId'] ?? errors.borrower}
          />
        )}
        <TextInput
          type="date"
          label="Due back on"
          required
          // Today on the company's clock (the server has the last word).
          min={clock.today()}
          value={dueOn}
          onChange={(e) => {
            setDueOn(e.currentTarget.value);
            clear('dueOn');
          }}
          error={errors.dueOn}
        />
        <Textarea
          label="Note"
          placeholder="What it is for (optional)"
          autosize
          minRows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
        />
        {errors.form || errors.idempotencyKey ? (
          <Alert color="red" role="alert">
            {errors.form ?? errors.idempotencyKey}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Lend
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
