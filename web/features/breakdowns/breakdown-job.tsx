// The job a repair is charged to (decision 085), on the breakdown's page while the Time area is on: the shared
// maintenance job card (web/components/maintenance/maintenance-job-card.tsx, which the PM screens use too), open
// while the breakdown is, read-only once resolved, with "Clock in on this repair".
import { useQueryClient } from '@tanstack/react-query';
import type { TBreakdownDetail } from '#common/schemas/breakdowns.ts';
import { MaintenanceJobCard } from '../../components/maintenance/maintenance-job-card.tsx';
import { breakdownKeys, chargeBreakdownJob } from './api.ts';
import { breakdownLabel } from './breakdown-format.ts';

export function BreakdownJob({ b }: { b: TBreakdownDetail }) {
  const client = useQueryClient();
  return (
    <MaintenanceJobCard
      headingId="breakdown-job"
      what={breakdownLabel(b.number)}
      noun="repair"
      job={b.job}
      open={b.status !== 'resolved'}
      target={{ breakdownId: b.id }}
      charge={(jobId) => chargeBreakdownJob(b.id, jobId)}
      onCharged={(saved) => client.setQueryData(breakdownKeys.one(saved.id), saved)}
    />
  );
}
