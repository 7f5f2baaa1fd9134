// A plan's versions, newest first: which is the draft, which are released, when and by whom, how they sample and how
// many checks they have; choosing one shows it.
import { Button, Group, Table, Text } from '@mantine/core';
import { samplingText, type TPlanDetail } from '#common/schemas/inspection-plans.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { When } from '../../components/when.tsx';

export function VersionHistory({
  plan,
  shown,
  onShow,
}: {
  plan: TPlanDetail;
  shown: string;
  onShow: (versionId: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Version</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Sampling</Table.Th>
            <Table.Th ta="right">Checks</Table.Th>
            <Table.Th>Released</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.versions.map((v) => (
            <Table.Tr key={v.id} aria-current={v.id === shown ? 'true' : undefined}>
              <Table.Td>
                <Button
                  variant={v.id === shown ? 'light' : 'subtle'}
                  size="compact-sm"
                  onClick={() => onShow(v.id)}
                  aria-label={`Show version ${v.number}`}
                >
                  Version {v.number}
                </Button>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <StatusBadge of="revision" status={v.status} />
                  {v.id === plan.releasedVersionId ? (
                    <Text size="xs" c="dimmed">
                      in force
                    </Text>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{samplingText(v)}</Table.Td>
              <Table.Td ta="right">{v.checkCount}</Table.Td>
              <Table.Td>
                {v.releasedAt ? (
                  <>
                    <When at={v.releasedAt} />
                    <Text size="xs" c="dimmed">
                      {v.releasedBy}
                    </Text>
                  </>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
