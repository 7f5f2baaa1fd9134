// A report's headline figure as a card: what it is, its value, and what it was worked out from ("3 of 6 units",
// "none due"). The production report, the maintenance logs and the Quality dashboard open with a row of them; the
// card is a labelled section, so a screen reader lists the figures as landmarks a person can jump between.
import { Card, Text } from '@mantine/core';

export function FigureCard({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card withBorder padding="sm" component="section" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Card>
  );
}
