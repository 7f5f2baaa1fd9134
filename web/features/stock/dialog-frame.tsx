// The frame every stock dialog shares: a modal whose body mounts on opening (so each opening makes its own
// idempotency key and starts with fresh fields), a form, the refusal's message above the buttons, and Cancel / submit.
import { Modal, Stack } from '@mantine/core';
import type { ComponentType, FormEventHandler, ReactNode } from 'react';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { FormFooter } from '../../components/form-footer.tsx';

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
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack>
        {children}
        <FormFooter error={formError} onCancel={onCancel} submitLabel={submitLabel} pending={busy} />
      </Stack>
    </form>
  );
}
