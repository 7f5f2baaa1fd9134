// The repeated rows of a form that is saved whole (a BOM's components and steps, an order's lines): each row a
// fieldset named for screen readers, its fields wrapping on a phone, with a remove button at its end; and the
// "Add …" button under them. Each editor names its own fields and words.
import { ActionIcon, Button, Group, Paper } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function FormRow({
  label,
  removeLabel,
  onRemove,
  removeOffset = 28,
  below,
  children,
}: {
  /** The fieldset's name, e.g. "Line 2". */
  label: string;
  /** The remove button's name, e.g. "Remove line 2". */
  removeLabel: string;
  onRemove: () => void;
  /** How far down the remove button sits, to line up with the inputs under their labels (and descriptions). */
  removeOffset?: number;
  /** Full-width content under the row's fields (instructions, pictures). */
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" component="fieldset" aria-label={label}>
      <Group align="flex-start" wrap="wrap" gap="sm">
        {children}
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          mt={removeOffset}
          aria-label={removeLabel}
          onClick={onRemove}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      {below}
    </Paper>
  );
}

export function AddRowButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Group>
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onClick}>
        {children}
      </Button>
    </Group>
  );
}
