// The work order's cost and record as a planner reads them: planned against actual material with the variance in
// words, labor or the want of a labor rate, the unit cost; for a completed one, good and scrap with reasons,
// consumption against plan per component and minutes per step against standard, as the chart's table says them.
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { TWorkOrderCost, TWorkOrderRecord } from '#common/schemas/work-order-cost.ts';
import { tableRows } from '../../components/charts/testing.ts';
import { WorkOrderCost } from './work-order-cost.tsx';
import { usageText, WorkOrderRecord } from './work-order-record.tsx';

const COST: TWorkOrderCost = {
  plannedMaterial: '16.7001',
  actualMaterial: '16.8001',
  materialVariance: '0.1',
  materialVariancePercent: '0.6',
  labor: '7',
  outputValue: '23.8001',
  unitCost: '11.9001',
  laborRateSet: true,
};

const RECORD: TWorkOrderRecord = {
  goodQuantity: '2',
  scrapQuantity: '1',
  scrap: [
    { reason: 'Cracked housing', defectCode: null, quantity: '1', stepTitle: null },
    { reason: 'Bent pin', defectCode: 'BNT-01 — Bent', quantity: '1', stepTitle: 'Fit' },
  ],
  consumption: [
    {
      itemId: 'i1',
      partNumber: 'RM-3',
      name: 'Screw',
      unitOfMeasure: 'ea',
      planned: '12',
      consumed: '13',
      variance: '1',
      consumedCost: '1.3',
      reasons: ['Dropped one'],
    },
    {
      itemId: 'i2',
      partNumber: 'RM-4',
      name: 'Bolt',
      unitOfMeasure: 'ea',
      planned: '3',
      consumed: '3',
      variance: '0',
      consumedCost: '6',
      reasons: [],
    },
  ],
  steps: [
    { stepId: 's1', position: 1, title: 'Fit', actualMinutes: '12.5', standardMinutes: '11' },
    { stepId: 's2', position: 2, title: 'Fasten', actualMinutes: '2', standardMinutes: '3' },
  ],
};

const inMantine = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

describe('the work order’s cost', () => {
  it('says planned against actual material, the variance in words, labor and the unit cost', () => {
    inMantine(<WorkOrderCost w={{ status: 'completed', cost: COST }} />);
    const cost = screen.getByRole('region', { name: 'Cost' });
    expect(cost).toHaveTextContent('$16.80 used of $16.70 planned');
    expect(cost).toHaveTextContent('+$0.10 (+0.6%) over plan');
    expect(cost).toHaveTextContent('$7.00 standard');
    expect(cost).toHaveTextContent('$11.90 each · $23.80 into stock');
  });

  it('waits for release to plan, and says when no labor rate is set', () => {
    inMantine(
      <WorkOrderCost
        w={{
          status: 'planned',
          cost: { ...COST, plannedMaterial: '0', actualMaterial: '0', laborRateSet: false, unitCost: null },
        }}
      />,
    );
    const cost = screen.getByRole('region', { name: 'Cost' });
    expect(cost).toHaveTextContent('$0.00 used so far (planned at release)');
    expect(cost).toHaveTextContent('Known once completed');
    expect(cost).toHaveTextContent('No labor rate set: material only');
    expect(cost).toHaveTextContent('No good units yet');
  });

  it('leaves the variance until completion: consumed so far is not under plan', () => {
    inMantine(
      <WorkOrderCost
        w={{ status: 'in_progress', cost: { ...COST, actualMaterial: '5', materialVariance: '-11.7001' } }}
      />,
    );
    const cost = screen.getByRole('region', { name: 'Cost' });
    expect(cost).toHaveTextContent('$5.00 used so far of $16.70 planned');
    expect(cost).toHaveTextContent('Known once completed');
    expect(cost).toHaveTextContent('$7.00 standard so far, charged with each good unit');
    expect(cost).not.toHaveTextContent('under plan');
  });
});

describe('the completed work order’s record', () => {
  it('lists good and scrap with its defect code and where each scrap was recorded', () => {
    inMantine(<WorkOrderRecord record={RECORD} unit="ea" />);
    const record = screen.getByRole('region', { name: 'Record' });
    expect(record).toHaveTextContent('2 ea good · 1 ea scrap');
    expect(record).toHaveTextContent('1 ea Cracked housing (at output)');
    expect(record).toHaveTextContent('1 ea BNT-01 — Bent: Bent pin (at step Fit)');
  });

  it('sets each component’s consumption against its plan, with the reasons', () => {
    inMantine(<WorkOrderRecord record={RECORD} unit="ea" />);
    const screws = screen.getByRole('listitem', { name: 'RM-3' });
    expect(screws).toHaveTextContent('+1 ea over plan');
    expect(screws).toHaveTextContent('13 ea consumed of 12 ea planned · $1.30');
    expect(screws).toHaveTextContent('Why: Dropped one');
    expect(screen.getByRole('listitem', { name: 'RM-4' })).toHaveTextContent('as planned');
    expect(usageText({ ...RECORD.consumption[0]!, variance: '-2' })).toBe('-2 ea under plan');
  });

  it('charts minutes per step against standard, with the same numbers as a table', async () => {
    inMantine(<WorkOrderRecord record={RECORD} unit="ea" />);
    const chart = screen.getByRole('figure', {
      name: 'Minutes per step, actual against standard (setup and run for the units made)',
    });
    await userEvent.click(within(chart).getByText('Show as a table'));
    expect(tableRows(within(chart).getByRole('table', { name: 'Minutes per step' }))).toEqual([
      ['Step', 'Actual', 'Standard'],
      ['1. Fit', '12.5', '11'],
      ['2. Fasten', '2', '3'],
    ]);
  });

  it('shows nothing before completion', () => {
    inMantine(<WorkOrderRecord record={null} unit="ea" />);
    expect(screen.queryByRole('region', { name: 'Record' })).toBeNull();
  });
});
