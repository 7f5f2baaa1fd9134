// The report's headline figures over every job of the period (not only the page's): labor, material, the total and
// the budgets of the jobs listed, as figure cards.
import { SimpleGrid } from '@mantine/core';
import type { TJobCostFigures } from '#common/schemas/job-cost.ts';
import { FigureCard } from '../../components/figure-card.tsx';

export function JobCostTotals({
  totals,
  what = 'every job listed',
}: {
  totals: TJobCostFigures;
  what?: string;
}) {
  const material = `${totals.materialIssued} issued, ${totals.materialConsumed} consumed`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <FigureCard label="Labor" value={totals.laborCost} detail={`${totals.laborHours} hours, ${what}`} />
      <FigureCard label="Material" value={material} detail={`maintenance parts ${totals.maintenanceParts}`} />
      <FigureCard
        label="Total cost"
        value={totals.totalCost}
        detail={totals.budgetCost === null ? 'no budget' : `of a budget of ${totals.budgetCost}`}
      />
      <FigureCard
        label="Budget used"
        value={totals.costPercentUsed === null ? '—' : `${totals.costPercentUsed}%`}
        detail={varianceWords(totals.costVariance)}
      />
    </SimpleGrid>
  );
}

/** The cost variance in words: "25.00 over budget", "1775.00 under budget", "on budget". */
function varianceWords(variance: string | null): string {
  if (variance === null) return 'no budget to compare with';
  if (variance.startsWith('-')) return `${variance.slice(1)} under budget`;
  return variance === '0.00' ? 'on budget' : `${variance} over budget`;
}
