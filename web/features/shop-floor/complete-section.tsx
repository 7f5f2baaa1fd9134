// Completing the work order (decision 064, "Completion is never silent"): the server refuses with 409 UNCONSUMED while
// a planned component is not fully consumed, listing the open lines; the dialog then asks what became of each, and
// completes with those resolutions. Any other refusal shows beside the button, in view.
import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { TComplete, TFloor, TUnconsumedLine } from '#common/schemas/shop-floor.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { completeWorkOrder, floorKey, unconsumedLines } from './api.ts';
import { CompleteDialog } from './complete-dialog.tsx';
import { floorToast } from './floor-toast.ts';
import { refreshAfterPosting } from './refresh.ts';
import { useRevealErrors } from './reveal.ts';

/** Puts the completed run in the cache, refreshes stock and says so. */
export function useCompleted(floor: TFloor) {
  const queryClient = useQueryClient();
  return async (answer: TFloor) => {
    queryClient.setQueryData(floorKey(floor.id), answer);
    await refreshAfterPosting(queryClient);
    floorToast('success', { title: 'Work order completed', message: answer.numberText });
  };
}

export function CompleteSection({ floor }: { floor: TFloor }) {
  const box = useRef<HTMLDivElement>(null);
  const [failures, setFailures] = useState(0);
  useRevealErrors(box, failures);
  const [open, setOpen] = useState<TUnconsumedLine[] | null>(null);
  const completed = useCompleted(floor);
  const complete = useMutation({
    mutationFn: (body: TComplete) => completeWorkOrder(floor.id, body),
    onSuccess: completed,
    onError: (failure) => {
      const lines = unconsumedLines(failure);
      if (lines) setOpen(lines);
      else setFailures((n) => n + 1);
    },
  });
  const refused = complete.isError && !unconsumedLines(complete.error);

  return (
    <Stack gap="sm" ref={box}>
      <Text size="sm" c="dimmed">
        {floor.goodQuantity} good and {floor.scrapQuantity} scrapped of {floor.quantity} {floor.unitOfMeasure}
      </Text>
      {refused ? <ErrorAlert>{messageOf(complete.error)}</ErrorAlert> : null}
      <Button
        size="lg"
        color="green"
        loading={complete.isPending}
        onClick={() => complete.mutate({ resolutions: [] })}
      >
        Complete work order
      </Button>
      {open ? (
        <CompleteDialog
          key={open.map((l) => `${l.itemId}:${l.left}`).join('|')}
          floor={floor}
          lines={open}
          onLines={setOpen}
          onClose={() => setOpen(null)}
          onCompleted={async (answer) => {
            setOpen(null);
            complete.reset();
            await completed(answer);
          }}
        />
      ) : null}
    </Stack>
  );
}
