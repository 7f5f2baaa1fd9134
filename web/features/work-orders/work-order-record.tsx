// What a completed work order did (decision 064): its good and scrap with the reasons given at its outputs and at its
// steps, each component consumed against the plan (over or under in words, sign and colour, with the reasons), and
// each step's minutes against standard as a bar chart with its table. Cards and lists, never a wide table, so a phone
// of 390 px reads it without scrolling sideways.
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TWorkOrderRecord, TWorkOrderUsage } from '#common/schemas/work-order-cost.ts';
import { CategoryBarChart } from '../../components/charts/category-bar-chart.tsx';
import { formatMoney } from '../../lib/format-money.ts';
import { formatQuantity, formatSignedQuantity } from '../../lib/format-quantity.ts';
import { VARIANCE_COLORS } from '../../lib/format-variance.ts';

/** Over plan, under it, or as planned, from the quantity's sign. */
const sideOf = (variance: string) =>
  variance.startsWith('-') ? 'under' : /[1-9]/.test(variance) ? 'over' : 'on';

/** "+1 ea over plan", "-2 ea under plan", "as planned". */
export function usageText(u: TWorkOrderUsage): string {
  const side = sideOf(u.variance);
  return side === 'on' ? 'as planned' : `${formatSignedQuantity(u.variance, u.unitOfMeasure)} ${side} plan`;
}

function Usage({ u }: { u: TWorkOrderUsage }) {
  const side = sideOf(u.variance);
  return (
    <Paper withBorder p="sm" component="li" aria-label={u.partNumber}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {u.partNumber} · {u.name}
        </Text>
        <Text size="sm" c={VARIANCE_COLORS[side]} fw={side === 'on' ? undefined : 600}>
          {usageText(u)}
        </Text>
      </Group>
      <Text size="sm">
        {formatQuantity(u.consumed, u.unitOfMeasure)} consumed of {formatQuantity(u.planned, u.unitOfMeasure)}{' '}
        planned · {formatMoney(u.consumedCost)}
      </Text>
      {u.reasons.length > 0 ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Why: {u.reasons.join('; ')}
        </Text>
      ) : null}
    </Paper>
  );
}

export function WorkOrderRecord({ record, unit }: { record: TWorkOrderRecord | null; unit: string }) {
  if (!record) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Record">
      <Title order={2} fz="lg">
        Record
      </Title>
      <Paper withBorder p="sm">
        <Text fw={600}>
          {formatQuantity(record.goodQuantity, unit)} good · {formatQuantity(record.scrapQuantity, unit)}{' '}
          scrap
        </Text>
        {record.scrap.length === 0 ? (
          <Text size="sm" c="dimmed">
            No scrap recorded.
          </Text>
        ) : (
          <Stack component="ul" gap={2} m={0} pl="md">
            {record.scrap.map((s) => (
              <Text component="li" size="sm" key={`${s.stepTitle ?? ''}|${s.defectCode ?? ''}|${s.reason}`}>
                {formatQuantity(s.quantity, unit)}{' '}
                {s.defectCode
                  ? `${s.defectCode}${s.reason ? `: ${s.reason}` : ''}`
                  : s.reason || 'no reason given'}
                <Text span c="dimmed" inherit>
                  {s.stepTitle === null ? ' (at output)' : ` (at step ${s.stepTitle})`}
                </Text>
              </Text>
            ))}
          </Stack>
        )}
      </Paper>
      <Title order={3} fz="md">
        Consumption against plan
      </Title>
      {record.consumption.length === 0 ? <Text c="dimmed">Nothing was planned.</Text> : null}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {record.consumption.map((u) => (
          <Usage key={u.itemId} u={u} />
        ))}
      </Stack>
      {record.steps.length > 0 ? (
        <CategoryBarChart
          caption="Minutes per step, actual against standard (setup and run for the units made)"
          layout="rows"
          bars={record.steps.map((s) => ({
            key: s.stepId,
            // The axis has room for the step's number; its table names the step in full.
            label: `Step ${s.position}`,
            longLabel: `${s.position}. ${s.title}`,
            values: { actual: Number(s.actualMinutes), standard: Number(s.standardMinutes) },
          }))}
          series={[
            { name: 'actual', label: 'Actual', color: 'orange.7' },
            { name: 'standard', label: 'Standard', color: 'gray.7' },
          ]}
          tableLabel="Minutes per step"
          categoryHeader="Step"
          labelWidth={70}
          // Room for each step's two bars and its name on the axis (the kit's default hid the first of two).
          height={Math.max(160, record.steps.length * 56)}
        />
      ) : null}
    </Stack>
  );
}
