// An assembly's revisions, newest first: which is a draft, which was released, when and by whom, what it was copied
// from; choosing one shows it.
import { Button, Group, Table, Text } from '@mantine/core';
import type { TAssemblyDetail } from '#common/schemas/build.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { When } from '../../components/when.tsx';

export function RevisionHistory({
  assembly,
  shown,
  onShow,
}: {
  assembly: TAssemblyDetail;
  shown: string;
  onShow: (revisionId: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label="Revision history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Revision</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Released</Table.Th>
            <Table.Th ta="right">Components</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assembly.revisions.map((r) => (
            <Table.Tr key={r.id} aria-current={r.id === shown ? 'true' : undefined}>
              <Table.Td>
                <Button
                  variant={r.id === shown ? 'light' : 'subtle'}
                  size="compact-sm"
                  onClick={() => onShow(r.id)}
                >
                  Rev {r.number}
                </Button>
                {r.basedOnNumber === null ? null : (
                  <Text span size="xs" c="dimmed" ml={6}>
                    from rev {r.basedOnNumber}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <StatusBadge of="revision" status={r.status} />
                  {r.status === 'released' && r.id === assembly.currentRevisionId ? (
                    <Text size="xs" c="dimmed">
                      current
                    </Text>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                {r.releasedAt ? (
                  <>
                    <When at={r.releasedAt} />
                    <Text size="xs" c="dimmed">
                      {r.releasedBy}
                    </Text>
                  </>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td ta="right">{r.lineCount}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
