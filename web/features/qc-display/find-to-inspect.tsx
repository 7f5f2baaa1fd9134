// Finding what to inspect: a lot or a work order by its label's code or its number, typed or scanned (a USB or
// Bluetooth scanner types a burst that the keyboard wedge catches with no field focused). The code is resolved as the
// scan page resolves it; a lot opens its inspection, a work order its choice of steps and output.
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TScanResult } from '#common/schemas/scan.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { useKeyboardWedge } from '../../lib/keyboard-wedge.ts';
import { qcDisplayPath } from '../../lib/qc-display-links.ts';

const NOT_INSPECTABLE: Record<string, string> = {
  item: 'That is an item: scan or type one of its lots.',
  location: 'That is a location: scan or type a lot or a work order.',
  machine: 'That is a machine: scan or type a lot or a work order.',
};

export function FindToInspect() {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const find = async (code: string) => {
    if (!code.trim()) return;
    setBusy(true);
    setMessage(null);
    try {
      const found = await api<TScanResult>(
        `/api/v1/scan/resolve?${new URLSearchParams({ code: code.trim() })}`,
      );
      if (found.kind === 'lot') navigate(qcDisplayPath({ lot: found.lot.id }));
      else if (found.kind === 'work-order') navigate(qcDisplayPath({ workOrder: found.workOrder.id }));
      else setMessage(NOT_INSPECTABLE[found.kind] ?? 'Scan or type a lot or a work order.');
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'The code could not be looked up. Try again.');
    } finally {
      setBusy(false);
    }
  };
  useKeyboardWedge((code) => void find(code));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void find(typed);
  };
  return (
    <Stack gap="xs">
      <form onSubmit={submit} aria-label="Find a lot or work order">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Lot or work order"
            placeholder="Scan or type its code or number"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            size="lg"
            style={{ flex: 1, minWidth: 0 }}
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
          />
          <Button type="submit" size="lg" loading={busy}>
            Find
          </Button>
        </Group>
      </form>
      {message ? (
        <Alert color="orange" role="alert">
          {message}
        </Alert>
      ) : null}
    </Stack>
  );
}
