// The cost roll-up of a revision: every component through every level with what goes into one unit (scrap
// included) and its material cost, then material, standard labor and the total per unit.
import { Alert, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '../../components/query-status.tsx';
import { formatMoney } from '../../lib/format-money.ts';
import { buildKeys, getRevisionCost } from './api.ts';

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder p="sm" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Paper>
  );
}

export function CostRollUp({ revisionId }: { revisionId: string }) {
  const cost = useQuery({
    queryKey: buildKeys.cost(revisionId),
    queryFn: ({ signal }) => getRevisionCost(revisionId, signal),
  });
  if (!cost.data)
    return (
      <QueryStatus query={cost} errorTitle="The cost could not be worked out" loadingLabel="Loading cost" />
    );
  const c = cost.data;
  // Rows have no id of their own (one item can appear under several sub-assemblies): its depth, item and how
  // many times that pair came before make a stable key.
  const seen = new Map<string, number>();
  const keys = c.rows.map((r) => {
    const base = `${r.depth}:${r.itemId}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}:${n}`;
  });
  return (
    <Stack>
      <Title order={2} fz="lg">
        Cost per unit
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Material" value={formatMoney(c.materialCost)} />
        <Figure
          label="Labor"
          value={c.laborCost === null ? `${c.laborMinutes} min` : formatMoney(c.laborCost)}
          note={
            c.laborRate === null
              ? 'No labor rate set'
              : `${c.laborMinutes} min at ${formatMoney(c.laborRate)}/h`
          }
        />
        <Figure label="Total" value={formatMoney(c.totalCost)} />
        <Figure label="Setup per work order" value={`${c.setupMinutes} min`} />
      </SimpleGrid>
      {c.laborRate === null ? (
        <Alert color="gray">
          Labor is costed at the mean burdened labor rate of your active people; nobody has a rate yet.
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Cost roll-up" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Component</Table.Th>
              <Table.Th ta="right">Per unit</Table.Th>
              <Table.Th ta="right">Unit cost</Table.Th>
              <Table.Th ta="right">Material</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.rows.map((r, i) => (
              <Table.Tr key={keys[i]}>
                <Table.Td
                  style={{
                    paddingLeft: `calc(${(r.depth - 1) * 1.25}rem + var(--table-horizontal-spacing, 0.75rem))`,
                  }}
                >
                  <Text span fw={r.isAssembly ? 600 : 400}>
                    {r.partNumber}
                  </Text>{' '}
                  <Text span size="sm" c="dimmed">
                    {r.name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{r.quantity}</Table.Td>
                <Table.Td ta="right">{formatMoney(r.unitCost)}</Table.Td>
                <Table.Td ta="right">{formatMoney(r.materialCost)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
