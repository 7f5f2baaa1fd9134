// Finding what to inspect: a lot or a work order by its label's code or its number, typed or scanned (a USB or
// Bluetooth scanner types a burst that the keyboard wedge catches with no field focused). The code is resolved as the
// scan page resolves it (web/lib/code-lookup.ts); a lot opens its inspection, a work order its choice of steps and
// output.
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CodeEntryForm } from '../../components/code-entry-form.tsx';
import { useCodeLookup } from '../../lib/code-lookup.ts';
import { qcDisplayPath } from '../../lib/qc-display-links.ts';

const NOT_INSPECTABLE: Record<string, string> = {
  item: 'That is an item: scan or type one of its lots.',
  location: 'That is a location: scan or type a lot or a work order.',
  machine: 'That is a machine: scan or type a lot or a work order.',
};

export function FindToInspect() {
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const lookup = useCodeLookup({
    onStart: () => setMessage(null),
    onFound: (found) => {
      if (found.kind === 'lot') navigate(qcDisplayPath({ lot: found.lot.id }));
      else if (found.kind === 'work-order') navigate(qcDisplayPath({ workOrder: found.workOrder.id }));
      else setMessage(NOT_INSPECTABLE[found.kind] ?? 'Scan or type a lot or a work order.');
    },
    onFailed: setMessage,
  });
  return (
    <Stack gap="xs">
      <CodeEntryForm
        lookup={lookup}
        formLabel="Find a lot or work order"
        label="Lot or work order"
        placeholder="Scan or type its code or number"
        showBusy
      />
      {message ? (
        <Alert color="orange" role="alert">
          {message}
        </Alert>
      ) : null}
    </Stack>
  );
}
