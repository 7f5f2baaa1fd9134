// Where an item is used: every assembly whose current or draft revision names it, and the assemblies above those.
import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/query-status.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { buildKeys, getWhereUsed } from './api.ts';

export function WhereUsed({ itemId }: { itemId: string }) {
  const used = useQuery({
    queryKey: buildKeys.whereUsed(itemId),
    queryFn: ({ signal }) => getWhereUsed(itemId, signal),
  });
  if (!used.data)
    return (
      <QueryStatus
        query={used}
        errorTitle="Where-used could not be loaded"
        loadingLabel="Loading where-used"
      />
    );
  if (used.data.rows.length === 0) return <Text c="dimmed">No assembly uses this item.</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label="Where used" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Assembly</Table.Th>
            <Table.Th>Revision</Table.Th>
            <Table.Th ta="right">Per unit</Table.Th>
            <Table.Th>How</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {used.data.rows.map((r) => (
            <Table.Tr key={`${r.assemblyId}-${r.revisionNumber}-${r.depth}`}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/assembly-setup?id=${encodeURIComponent(r.assemblyId)}`}
                  fw={600}
                >
                  {r.partNumber}
                </Anchor>{' '}
                <Text span size="sm" c="dimmed">
                  {r.name}
                </Text>
              </Table.Td>
              <Table.Td>
                Rev {r.revisionNumber} <StatusBadge of="revision" status={r.revisionStatus} size="sm" />
              </Table.Td>
              <Table.Td ta="right">{r.quantity}</Table.Td>
              <Table.Td>
                {r.depth === 1 ? 'Directly' : `Through ${r.depth - 1} level${r.depth === 2 ? '' : 's'}`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
