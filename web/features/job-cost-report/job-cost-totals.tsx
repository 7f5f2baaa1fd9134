// The report's headline figures over every job of the period (not only the page's): labor, material, the total and
// the budgets of the jobs listed, as figure cards.
import { SimpleGrid } from '@mantine/core';
import type { TJobCostFigures } from '#common/schemas/job-cost.ts';
import { FigureCard } from '../../components/figure-card.tsx';
import { formatMoney } from '../../lib/format-money.ts';

export function JobCostTotals({
  totals,
  what = 'every job listed',
}: {
  totals: TJobCostFigures;
  what?: string;
}) {
  // The headline figures read as money; the table below keeps the CSV's plain cells (the file is the screen).
  const material = `${formatMoney(totals.materialIssued)} issued, ${formatMoney(totals.materialConsumed)} consumed`;
  const hours =
    totals.budgetHours === null
      ? `${totals.laborHours} hours, ${what}`
      : `${totals.laborHours} of ${totals.budgetHours} budgeted hours, ${what}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <FigureCard label="Labor" value={formatMoney(totals.laborCost)} detail={hours} />
      <FigureCard
        label="Material"
        value={material}
        detail={`maintenance parts ${formatMoney(totals.maintenanceParts)}`}
      />
      <FigureCard
        label="Total cost"
        value={formatMoney(totals.totalCost)}
        detail={totals.budgetCost === null ? 'no budget' : `of a budget of ${formatMoney(totals.budgetCost)}`}
      />
      <FigureCard
        label="Budget used"
        value={totals.costPercentUsed === null ? '—' : `${totals.costPercentUsed}%`}
        detail={varianceWords(totals.costVariance)}
      />
    </SimpleGrid>
  );
}

/** The cost variance in words: "$25.00 over budget", "$1,775.00 under budget", "on budget". */
function varianceWords(variance: string | null): string {
  if (variance === null) return 'no budget to compare with';
  if (variance.startsWith('-')) return `${formatMoney(variance.slice(1))} under budget`;
  return variance === '0.00' ? 'on budget' : `${formatMoney(variance)} over budget`;
}
