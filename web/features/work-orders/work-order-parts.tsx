// A work order's components (per unit, required with scrap, reserved, consumed, available) and its steps: a table
// on wide screens, cards on phones. A component that is short of what releasing needs says so in words, not only
// in colour.
import { Badge, Card, Group, Paper, Stack, Table, Text, Title, Typography } from '@mantine/core';
import { compareDecimal } from '#common/decimal.ts';
import type { TWorkOrderComponent, TWorkOrderDetail } from '#common/schemas/work-orders.ts';
import SafeMarkdown from '../../components/safe-markdown.tsx';
import { formatQuantity } from '../../lib/format-quantity.ts';

/** Short: a planned work order could not reserve it now (required above available). */
const isShort = (w: TWorkOrderDetail, c: TWorkOrderComponent) =>
  w.status === 'planned' && compareDecimal(c.required, c.available) > 0;

const NUMBERS = [
  ['perUnit', 'Per unit'],
  ['required', 'Required'],
  ['reserved', 'Reserved'],
  ['consumed', 'Consumed'],
  ['available', 'Available'],
] as const;

export function WorkOrderComponents({ w }: { w: TWorkOrderDetail }) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        Components
      </Title>
      {w.components.length === 0 ? <Text c="dimmed">This revision has no components.</Text> : null}
      <Table striped aria-label="Components" visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Part number</Table.Th>
            <Table.Th>Name</Table.Th>
            {NUMBERS.map(([key, label]) => (
              <Table.Th key={key} ta="right">
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {w.components.map((c) => (
            <Table.Tr key={c.itemId}>
              <Table.Td fw={600}>
                <Group gap={6} wrap="nowrap">
                  {c.partNumber}
                  {isShort(w, c) ? <Badge color="red.9">Short</Badge> : null}
                </Group>
              </Table.Td>
              <Table.Td>{c.name}</Table.Td>
              {NUMBERS.map(([key]) => (
                <Table.Td key={key} ta="right">
                  {formatQuantity(c[key], c.unitOfMeasure)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack hiddenFrom="sm" gap="xs">
        {w.components.map((c) => (
          <Card key={c.itemId} withBorder padding="sm" component="article" aria-label={c.partNumber}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {c.partNumber}
              </Text>
              {isShort(w, c) ? <Badge color="red.9">Short</Badge> : null}
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {c.name}
            </Text>
            <Text size="sm">
              {NUMBERS.map(([key, label]) => `${label} ${formatQuantity(c[key], c.unitOfMeasure)}`).join(
                ' · ',
              )}
            </Text>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

export function WorkOrderSteps({ w }: { w: TWorkOrderDetail }) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        Steps
      </Title>
      {w.steps.length === 0 ? <Text c="dimmed">This revision has no steps.</Text> : null}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {w.steps.map((s) => (
          <Paper key={s.id} withBorder p="sm" component="li">
            <Text fw={600}>
              {s.position}. {s.title}
            </Text>
            <Text size="sm" c="dimmed">
              Setup {s.setupMinutes} min · run {s.runMinutes} min a unit
            </Text>
            {s.instructions ? (
              // Markdown as the floor view draws it: **two** in bold, lists as lists.
              <Typography fz="sm" mt={4} style={{ overflowWrap: 'anywhere' }} data-testid="step-instructions">
                <SafeMarkdown>{s.instructions}</SafeMarkdown>
              </Typography>
            ) : null}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
