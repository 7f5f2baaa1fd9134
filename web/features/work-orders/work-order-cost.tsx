// A work order's cost (decision 064): the material planned at release against the ledger cost of what it consumed,
// the variance in words, sign and colour once it is completed (before, "under plan" would only mean "not consumed
// yet"), the standard labor charged to its output, and the unit cost its good units carried into stock. Facts in a
// card that wraps to one column on a phone.
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TWorkOrderCost } from '#common/schemas/work-order-cost.ts';
import type { TWorkOrderStatus } from '#common/work-order-status.ts';
import { Fact } from '../../components/fact.tsx';
import { formatMoney } from '../../lib/format-money.ts';
import { formatMoneyVariance, VARIANCE_COLORS, varianceSide } from '../../lib/format-variance.ts';

/** Whether the material cost was planned yet: it is fixed when the work order is released. */
const isPlanned = (status: TWorkOrderStatus) => status !== 'planned' && status !== 'cancelled';

export function WorkOrderCost({ w }: { w: { status: TWorkOrderStatus; cost: TWorkOrderCost } }) {
  const c = w.cost;
  const side = varianceSide(c.materialVariance);
  return (
    <Stack gap="xs" component="section" aria-label="Cost">
      <Title order={2} fz="lg">
        Cost
      </Title>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Fact label="Material">
            {formatMoney(c.actualMaterial)} used{w.status === 'completed' ? '' : ' so far'}
            {isPlanned(w.status) ? ` of ${formatMoney(c.plannedMaterial)} planned` : ' (planned at release)'}
          </Fact>
          <Fact label="Material variance">
            {w.status === 'completed' ? (
              <Text span inherit c={VARIANCE_COLORS[side]} fw={side === 'on' ? undefined : 600}>
                {formatMoneyVariance(c.materialVariance, c.materialVariancePercent)}
              </Text>
            ) : (
              'Known once completed'
            )}
          </Fact>
          <Fact label="Labor">
            {/* Standard labor is charged with each good unit recorded, so before completion it is a sum so far. */}
            {c.laborRateSet
              ? `${formatMoney(c.labor)} standard${w.status === 'completed' ? '' : ' so far, charged with each good unit'}`
              : 'No labor rate set: material only'}
          </Fact>
          <Fact label="Unit cost">
            {c.unitCost === null
              ? 'No good units yet'
              : `${formatMoney(c.unitCost)} each · ${formatMoney(c.outputValue)} into stock`}
          </Fact>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
