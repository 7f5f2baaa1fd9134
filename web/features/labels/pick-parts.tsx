// The parts Tag Items' pickers of machines and work orders share: the card each sits in, and the Add button of each
// row, which turns to "Added" once the thing is in the selection to print.
import { Button, Card, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TPick } from './target-picker.tsx';

/** What a picker hands to the selection. */
export type TOnPick = (pick: Omit<TPick, 'copies'>) => void;

export function AddToLabelsButton({
  pick,
  tag,
  picked,
  onPick,
}: {
  pick: Omit<TPick, 'copies'>;
  /** How the button names the thing: its asset tag or number. */
  tag: string;
  picked: ReadonlySet<string>;
  onPick: TOnPick;
}) {
  const added = picked.has(pick.id);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={added ? null : <IconPlus size={14} aria-hidden />}
      disabled={added}
      aria-label={added ? `${tag} is selected` : `Add ${tag} to the labels to print`}
      onClick={() => onPick(pick)}
    >
      {added ? 'Added' : 'Add'}
    </Button>
  );
}

/** A titled card of Tag Items holding one picker, with a line on what scanning its labels does. */
export function PickerCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder mt="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="xs" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {intro}
      </Text>
      {children}
    </Card>
  );
}
