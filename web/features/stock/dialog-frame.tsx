// The frame every stock dialog shares: a modal whose body mounts on opening (so each opening makes its own
// idempotency key), a form, the refusal's message above the buttons, and Cancel / submit.
import { Modal, Stack } from '@mantine/core';
import type { ComponentType, FormEvent, ReactNode } from 'react';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { ZPostStockSchema } from '#common/schemas/stock.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import type { TPostingBody } from './use-stock-posting.ts';

/** Props every stock dialog takes: the scan page and the item page open them the same way. */
export interface TStockDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called after a successful posting (after the toast), e.g. to go on scanning. */
  onDone?: () => void;
}

/** Props of a dialog about one item, opened on the item page (maybe from a balance row) or from a scan. */
export interface TItemDialogProps extends TStockDialogProps {
  item: TItem;
  locationId?: string | null;
  lotId?: string | null;
}

/**
 * The dialog of `Body`: titled "<verb> <part number>" (Receive P-100), its body mounted only while open. Receive,
 * Issue, Move and Adjust are each `itemDialog(verb, Body)`.
 */
export function itemDialog<P extends TItemDialogProps>(verb: string, Body: ComponentType<P>) {
  function ItemDialog(props: P) {
    return (
      <StockModal opened={props.opened} onClose={props.onClose} title={`${verb} ${props.item.partNumber}`}>
        <Body {...props} />
      </StockModal>
    );
  }
  ItemDialog.displayName = `${verb}Dialog`;
  return ItemDialog;
}

export function StockModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {opened ? children : null}
    </Modal>
  );
}

/**
 * Checks a one-line posting with the shared contract before it is sent; returns the errors by the dialog's field
 * names ("lines.0.quantity" → "quantity"), or null when it passes.
 */
export function checkPosting(body: TPostingBody): Record<string, string> | null {
  const parsed = ZPostStockSchema.safeParse({ ...body, idempotencyKey: 'client-side-check' });
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path[0] === 'lines' ? issue.path.slice(2) : issue.path;
    errors[String(path[0] ?? 'form')] ??= issue.message;
  }
  return errors;
}

export function PostingForm({
  label,
  submitLabel,
  busy,
  formError,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  formError: string | undefined;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack>
        {children}
        <FormFooter error={formError} onCancel={onCancel} submitLabel={submitLabel} pending={busy} />
      </Stack>
    </form>
  );
}
