// "Put on hold…" and "Close job…" ask once more (decision 079): either stops the job taking new time, stock and
// maintenance at once, for everyone, and stops the clocks running on it, so the admin reads what it means (and whose
// clocks stop) before it is done. The page owns the move's
// mutation; this dialog confirms it and shows its refusal, if any, where the admin is looking.
import { Modal, Stack, Text } from '@mantine/core';
import { FormFooter } from '../../components/form-footer.tsx';
import { MOVE_LABELS, moveQuestion, type TStoppingMove } from './job-moves.ts';

export function JobMoveDialog({
  job,
  clockedIn,
  to,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  /** The job as its title names it: "JOB-000002 Gearbox rebuild". */
  job: string;
  /** The people clocked in on it (the move stops their clocks). */
  clockedIn: string[];
  /** The move asked about; null: closed. */
  to: TStoppingMove | null;
  pending: boolean;
  error: string | undefined;
  onConfirm: (to: TStoppingMove) => void;
  onClose: () => void;
}) {
  const question = to ? moveQuestion(job, to, clockedIn) : null;
  return (
    <Modal opened={to !== null} onClose={onClose} title={question?.title} size="md">
      {to && question ? (
        <form
          noValidate
          aria-label={question.title}
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(to);
          }}
        >
          <Stack gap="sm">
            {question.lines.map((line) => (
              <Text key={line}>{line}</Text>
            ))}
            <FormFooter error={error} onCancel={onClose} submitLabel={MOVE_LABELS[to]} pending={pending} />
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
