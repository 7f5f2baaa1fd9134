// A released revision as it stands, frozen: its components (with how each is consumed) and its steps with their
// pictures and videos and the plans they are inspected with, read only.
import { Stack, Table, Text, Title } from '@mantine/core';
import type { TConsumptionMode, TRevision } from '#common/schemas/build.ts';
import { StepMedia } from '../../components/step-media.tsx';
import { StepChecksLine } from './step-checks-editor.tsx';

/** How a BOM line is consumed, as the editor and the revision say it (decision 064). */
export const CONSUMPTION_LABELS: Record<TConsumptionMode, string> = {
  scan: 'Scanned',
  backflush: 'Backflushed at its step',
};

export function RevisionView({ revision }: { revision: TRevision }) {
  return (
    <Stack>
      <Title order={2} fz="lg">
        Components
      </Title>
      <Table.ScrollContainer minWidth={680}>
        <Table aria-label={`Components of revision ${revision.number}`} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Component</Table.Th>
              <Table.Th ta="right">Per unit</Table.Th>
              <Table.Th ta="right">Scrap %</Table.Th>
              <Table.Th>Step</Table.Th>
              <Table.Th>Consumed</Table.Th>
              <Table.Th>Notes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {revision.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>
                  <Text span fw={600}>
                    {l.component.partNumber}
                  </Text>{' '}
                  <Text span size="sm" c="dimmed">
                    {l.component.name}
                    {l.component.assemblyId ? ' · sub-assembly' : ''}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {l.quantity} {l.component.unitOfMeasure}
                </Table.Td>
                <Table.Td ta="right">{l.scrapPercent}</Table.Td>
                <Table.Td>{l.step ?? 1}</Table.Td>
                <Table.Td>{CONSUMPTION_LABELS[l.consumption]}</Table.Td>
                <Table.Td>{l.notes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={2} fz="lg">
        Steps
      </Title>
      {revision.steps.length === 0 ? <Text c="dimmed">No steps.</Text> : null}
      {revision.steps.map((s) => (
        <div key={s.id}>
          <Text fw={600}>
            {s.position}. {s.title}
          </Text>
          <Text size="sm" c="dimmed">
            Setup {s.setupMinutes} min · run {s.runMinutes} min per unit
            {s.machine ? ` · on ${s.machine.name} (${s.machine.assetTag})` : ''}
          </Text>
          {s.instructions ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {s.instructions}
            </Text>
          ) : null}
          <StepMedia files={s.files} />
          <StepChecksLine revisionId={revision.id} stepId={s.id} />
        </div>
      ))}
    </Stack>
  );
}
