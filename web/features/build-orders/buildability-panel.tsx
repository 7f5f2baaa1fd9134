// "Can we build it?" for the whole order or one line: a clear yes or no; what is to build (the sub-assemblies, taken
// from stock or built by work orders of their own) apart from what is to buy (bought parts missing, decision 064);
// then every part needed, shortfalls first and marked. Tables at a desk, cards on a phone. Checked on the server
// from live stock, so it is fetched afresh each time the panel is shown.
import { Alert, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
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
          <Title order={3} fz="md">
            To build
          </Title>
          {r.subAssemblies.length === 0 ? (
            <Text size="sm" c="dimmed">
              No sub-assemblies: everything below is bought.
            </Text>
          ) : (
            <>
              <Table.ScrollContainer minWidth={560} visibleFrom="sm">
                <Table aria-label="Sub-assemblies">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Sub-assembly</Table.Th>
                      <Table.Th ta="right">Needed</Table.Th>
                      <Table.Th ta="right">From stock</Table.Th>
                      <Table.Th ta="right">From work orders</Table.Th>
                      <Table.Th ta="right">To build</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {r.subAssemblies.map((s) => (
                      <Table.Tr key={s.itemId}>
                        <Table.Td>
                          <Part partNumber={s.partNumber} name={s.name} />
                        </Table.Td>
                        <Table.Td ta="right">{formatQuantity(s.needed, s.unitOfMeasure)}</Table.Td>
                        <Table.Td ta="right">{formatQuantity(s.fromStock, s.unitOfMeasure)}</Table.Td>
                        <Table.Td ta="right">{formatQuantity(s.fromWorkOrders, s.unitOfMeasure)}</Table.Td>
                        <Table.Td ta="right" fw={s.toBuild === '0' ? undefined : 700}>
                          {formatQuantity(s.toBuild, s.unitOfMeasure)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Stack gap="xs" hiddenFrom="sm" component="section" aria-label="Sub-assemblies">
                {r.subAssemblies.map((s) => (
                  <RowCard
                    key={s.itemId}
                    partNumber={s.partNumber}
                    name={s.name}
                    facts={[
                      ['Needed', formatQuantity(s.needed, s.unitOfMeasure)],
                      ['From stock', formatQuantity(s.fromStock, s.unitOfMeasure)],
                      ['From work orders', formatQuantity(s.fromWorkOrders, s.unitOfMeasure)],
                      ['To build', formatQuantity(s.toBuild, s.unitOfMeasure)],
                    ]}
                    strong={s.toBuild !== '0' ? 'To build' : null}
                  />
                ))}
              </Stack>
              {r.subAssemblies.some((s) => s.toBuild !== '0') ? (
                <Text size="sm" c="dimmed">
                  Create work orders on a line plans them with their sub-assemblies’ work orders.
                </Text>
              ) : null}
            </>
          )}
          <Title order={3} fz="md">
            To buy
          </Title>
          {short.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing to buy: every bought part is available.
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ul"
              aria-label="To buy"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {short.map((c) => (
                <Text key={c.itemId} component="li" size="sm">
                  <Text span fw={700}>
                    {c.partNumber}
                  </Text>{' '}
                  {c.name}: missing{' '}
                  <Text span fw={700} c="red.9">
                    {formatQuantity(c.missing, c.unitOfMeasure)}
                  </Text>
                  {c.isAssembly ? ' (a sub-assembly never released: from stock only)' : ''}
                </Text>
              ))}
            </Stack>
          )}
          <Table.ScrollContainer minWidth={480} visibleFrom="sm">
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
                      <Part partNumber={c.partNumber} name={c.name} />
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
          <Stack gap="xs" hiddenFrom="sm" component="section" aria-label="Components needed">
            {r.components.map((c) => (
              <RowCard
                key={c.itemId}
                partNumber={c.partNumber}
                name={c.name}
                facts={[
                  ['Needed', formatQuantity(c.needed, c.unitOfMeasure)],
                  ['Available', formatQuantity(c.available, c.unitOfMeasure)],
                  ['Missing', c.missing === '0' ? '—' : formatQuantity(c.missing, c.unitOfMeasure)],
                ]}
                strong={c.missing === '0' ? null : 'Missing'}
              />
            ))}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}

function Part({ partNumber, name }: { partNumber: string; name: string }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {partNumber}
      </Text>
      <Text size="xs">{name}</Text>
    </>
  );
}

/** A row as a card on a phone: the part, then each figure named, the one that matters in bold. */
function RowCard({
  partNumber,
  name,
  facts,
  strong,
}: {
  partNumber: string;
  name: string;
  facts: Array<[string, string]>;
  strong: string | null;
}) {
  return (
    <Card component="article" withBorder padding="xs" aria-label={partNumber}>
      <Part partNumber={partNumber} name={name} />
      <Group gap="md" mt={4} wrap="wrap">
        {facts.map(([label, value]) => (
          <Text
            key={label}
            size="sm"
            fw={label === strong ? 700 : undefined}
            c={label === strong && label === 'Missing' ? 'red.9' : undefined}
          >
            {label} {value}
          </Text>
        ))}
      </Group>
    </Card>
  );
}
