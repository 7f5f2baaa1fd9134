// "Inspect" on a lot's or a work order's card (the scan page, decision 072): shown while the Quality area is on and
// the lot's item (or the work order's steps or output) has an inspection plan in force; it opens QC Instructions at
// that lot or work order, which starts the inspection or meets the open one. "Resume inspection" when one is open.
import { Button } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TPlansInForce } from '#common/schemas/inspections.ts';
import { api } from '../lib/api-client.ts';
import { qcDisplayPath } from '../lib/qc-display-links.ts';
import { configOf, useSession } from '../lib/session.ts';

export function InspectButton({ lotId, workOrderId }: { lotId?: string; workOrderId?: string }) {
  const { data: session } = useSession();
  const on = configOf(session).enableQualityFeature;
  const params = new URLSearchParams(lotId ? { lotId } : { workOrderId: workOrderId ?? '' });
  const plans = useQuery({
    // Under the inspections' keys: a start or a finish anywhere refreshes whether one is open.
    queryKey: ['inspections', 'plans-in-force', lotId ?? null, workOrderId ?? null],
    queryFn: ({ signal }) => api<TPlansInForce>(`/api/v1/inspections/plans-in-force?${params}`, { signal }),
    enabled: on,
  });
  const found = plans.data?.plans ?? [];
  if (!on || found.length === 0) return null;
  const one = found.length === 1 ? found[0]! : null;
  const open = found.some((p) => p.openInspectionId !== null);
  const to = lotId
    ? qcDisplayPath({ lot: lotId })
    : qcDisplayPath({
        workOrder: workOrderId ?? '',
        ...(one?.stepId ? { step: one.stepId } : {}),
        ...(one ? { plan: one.planId } : {}),
      });
  return (
    <Button
      component={Link}
      to={to}
      size="lg"
      variant="light"
      fullWidth
      leftSection={<IconClipboardCheck size={18} />}
    >
      {open ? 'Resume inspection' : 'Inspect'}
    </Button>
  );
}
