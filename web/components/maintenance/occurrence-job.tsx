// The job a PM is charged to (decision 085), for the PM calendar's details and a plan's page: the occurrence read
// under the Complete dialog's own key (so the dialog opens with the job picked here) and shown in the shared
// maintenance job card, with "Clock in on this PM". Nothing shows while the Time area is off: jobs are its.
import type { TitleOrder } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { featureFlagsOf } from '#common/label-config.ts';
import type { TOccurrenceDetail } from '#common/schemas/maintenance-occurrences.ts';
import { api } from '../../lib/api-client.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { getOccurrence, occurrenceKey } from './complete-occurrence-dialog.tsx';
import { MaintenanceJobCard } from './maintenance-job-card.tsx';

/** Charges the open PM to a job, or to none. */
const chargeOccurrenceJob = (id: string, jobId: string | null) =>
  api<TOccurrenceDetail>(`/api/v1/maintenance/occurrences/${encodeURIComponent(id)}/job`, {
    method: 'PUT',
    body: { jobId },
  });

export function OccurrenceJob({
  occurrenceId,
  headingOrder,
}: {
  occurrenceId: string;
  headingOrder?: TitleOrder;
}) {
  const client = useQueryClient();
  const { data: session } = useSession();
  const timeOn = featureFlagsOf(configOf(session)).time;
  const occurrence = useQuery({
    queryKey: occurrenceKey(occurrenceId),
    queryFn: ({ signal }) => getOccurrence(occurrenceId, signal),
    enabled: timeOn,
  });
  const o = occurrence.data;
  if (!timeOn || !o) return null;
  return (
    <MaintenanceJobCard
      // Keyed by the occurrence: another PM's card starts from its own job.
      key={o.id}
      headingId={`occurrence-job-${o.id}`}
      headingOrder={headingOrder}
      what={o.plan.title}
      noun="PM"
      job={o.job}
      open={o.status === 'open'}
      target={{ occurrenceId: o.id }}
      charge={(jobId) => chargeOccurrenceJob(o.id, jobId)}
      onCharged={(saved) => client.setQueryData(occurrenceKey(saved.id), saved)}
    />
  );
}
