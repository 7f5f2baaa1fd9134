// "Receive" from the stock list (/inventory): the item is chosen first, in the item picker every form uses, and the
// item page's receive form follows in the same dialog for the item chosen. Choosing another item starts that form
// afresh (its location, lot and idempotency key are the item's).
import { Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import { ItemSelect, type TItemOption } from '../../components/item-pickers.tsx';
import { StockModal, type TStockDialogProps } from './dialog-frame.tsx';
import { ReceiveBody } from './receive-dialog.tsx';

export function ReceiveStockDialog({ opened, onClose, onDone }: TStockDialogProps) {
  return (
    <StockModal opened={opened} onClose={onClose} title="Receive stock">
      <ReceiveAnyItem onClose={onClose} {...(onDone ? { onDone } : {})} />
    </StockModal>
  );
}

function ReceiveAnyItem({ onClose, onDone }: { onClose: () => void; onDone?: () => void }) {
  const [picked, setPicked] = useState<TItemOption | null>(null);
  // Every option the picker offers comes from a search and carries its item.
  const item = picked?.item ?? null;
  return (
    <Stack>
      <ItemSelect
        label="Item to receive"
        value={picked}
        onChange={setPicked}
        description="Type part of a part number or name; the receive form follows."
        autoFocus
      />
      {item ? (
        <>
          <Divider />
          <ReceiveBody key={item.id} item={item} opened onClose={onClose} {...(onDone ? { onDone } : {})} />
        </>
      ) : null}
    </Stack>
  );
}
