// "Can we build it?" for the whole order or one line: a clear yes or no, each shortfall (item, needed, available,
// missing) first and marked, then what is covered, and the sub-assemblies taken from stock or built. Checked on
// the server from live stock, so it is fetched afresh each time the panel is shown.
import { Alert, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TBuildOrder } from '#common/schemas/build-orders.ts';
import { QueryStatus } from '../../components/query-status.tsx';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { getBuildability, orderKeys } from './api.ts';

export function BuildabilityPanel({
  order,
  lineId,
  onLineChange,
}: {
  order: TBuildOrder;
  lineId: string | null;
  onLineChange: (lineId: string | null) => void;
}) {
  const check = useQuery({
    queryKey: orderKeys.buildability(order.id, lineId),
    queryFn: ({ signal }) => getBuildability(order.id, lineId, signal),
    staleTime: 0,
  });
  const options = [
    { value: '', label: 'The whole order' },
    ...order.lines.map((l) => ({ value: l.id, label: `Line ${l.position}: ${l.assembly.partNumber}` })),
  ];
  const r = check.data;
  const nothingLeft = r?.lines.every((l) => l.quantity === '0') ?? false;
  const short = r?.components.filter((c) => c.missing !== '0') ?? [];
  return (
    <Stack component="section" aria-labelledby="can-we-build">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="lg" id="can-we-build">
          Can we build it?
        </Title>
        <Select
          label="Check"
          data={options}
          value={lineId ?? ''}
          allowDeselect={false}
          onChange={(v) => onLineChange(v ? v : null)}
          w={260}
          maw="100%"
        />
      </Group>
      {!r ? (
        <QueryStatus query={check} errorTitle="The check could not be made" loadingLabel="Checking stock" />
      ) : nothingLeft ? (
        <Text c="dimmed">Nothing left to check: work orders already hold or used the components.</Text>
      ) : r.canBuild ? (
        <Alert color="green" icon={<IconCircleCheck />} title="Yes: everything is in stock" role="status">
          Every component is available after what open work orders hold.
        </Alert>
      ) : (
        <Alert
          color="red"
          icon={<IconAlertTriangle />}
          title={`Not yet: ${short.length} short`}
          role="status"
        >
          {short
            .map((c) => `${c.partNumber} missing ${formatQuantity(c.missing, c.unitOfMeasure)}`)
            .join('; ')}
        </Alert>
      )}
      {r && !nothingLeft ? (
        <>
          <Text size="sm" c="dimmed">
            Checked: {r.lines.map((l) => `${l.partNumber} × ${formatQuantity(l.quantity)}`).join(', ')} (what
            is not yet in released or finished work orders), through every level with scrap.
          </Text>
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Components needed" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Needed</Table.Th>
                  <Table.Th ta="right">Available</Table.Th>
                  <Table.Th ta="right">Missing</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.components.map((c) => (
                  <Table.Tr key={c.itemId}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {c.partNumber}
                      </Text>
                      <Text size="xs">{c.name}</Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(c.needed, c.unitOfMeasure)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(c.available, c.unitOfMeasure)}</Table.Td>
                    <Table.Td
                      ta="right"
                      fw={c.missing === '0' ? undefined : 700}
                      c={c.missing === '0' ? undefined : 'red.9'}
                    >
                      {c.missing === '0' ? '—' : formatQuantity(c.missing, c.unitOfMeasure)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {r.subAssemblies.length > 0 ? (
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label="Sub-assemblies">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sub-assembly</Table.Th>
                    <Table.Th ta="right">Needed</Table.Th>
                    <Table.Th ta="right">From stock</Table.Th>
                    <Table.Th ta="right">To build</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.subAssemblies.map((s) => (
                    <Table.Tr key={s.itemId}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {s.partNumber}
                        </Text>
                        <Text size="xs">{s.name}</Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatQuantity(s.needed, s.unitOfMeasure)}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(s.fromStock, s.unitOfMeasure)}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(s.toBuild, s.unitOfMeasure)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
