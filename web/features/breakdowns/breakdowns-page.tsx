// /maintenance/machine-fix: one breakdown (?id=<breakdownId>) or the list of them. ?machine=<machineId> (a machine
// label's "report a breakdown") opens Report breakdown with that machine chosen.
import { Container } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { breakdownPath } from './api.ts';
import { BreakdownList } from './breakdown-list.tsx';
import { BreakdownPage } from './breakdown-page.tsx';
import { ReportDialog } from './report-dialog.tsx';

export default function BreakdownsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const breakdownId = params.get('id');
  const machineId = params.get('machine');
  const reporting = params.has('report') || machineId !== null;
  const setReporting = (on: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('machine');
      if (on) next.set('report', '');
      else next.delete('report');
      return next;
    });
  if (breakdownId) return <BreakdownPage key={breakdownId} breakdownId={breakdownId} />;
  return (
    <Container size="xl" py="lg">
      <BreakdownList onReport={() => setReporting(true)} />
      <ReportDialog
        opened={reporting}
        machineId={machineId}
        onClose={() => setReporting(false)}
        onReported={(made) => navigate(breakdownPath(made.id), { replace: true })}
      />
    </Container>
  );
}
