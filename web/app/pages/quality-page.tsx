// The Quality area's first screen (/quality): its tabs — the dashboard (decision 074) and, beside it, the
// nonconformances (decision 073) — composed here, since a feature may not import another feature. The tab is in the
// address (?tab=), so a link or Back returns to it.
import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { QUALITY_TABS, type TQualityTab } from '#common/routes.ts';
import { NonconformancesView } from '../../features/nonconformances/nonconformances-view.tsx';
import { QualityDashboardView } from '../../features/quality-dashboard/quality-dashboard-view.tsx';

// The tabs are listed once (common/routes.ts), so a help article may be written for one of them.
const TABS = QUALITY_TABS;
type TTab = TQualityTab;

export default function QualityPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TTab = TABS.includes(asked as TTab) ? (asked as TTab) : 'dashboard';
  const choose = (next: string | null) => {
    if (!next) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        // A nonconformance open in its tab is not carried to another tab.
        updated.delete('nc');
        updated.delete('openFor');
        if (next === 'dashboard') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };
  return (
    <Tabs value={tab} onChange={choose} keepMounted={false}>
      <Tabs.List px="md" pt="md">
        <Tabs.Tab value="dashboard">Dashboard</Tabs.Tab>
        <Tabs.Tab value="nonconformances">Nonconformances</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="dashboard">
        <QualityDashboardView />
      </Tabs.Panel>
      <Tabs.Panel value="nonconformances">
        <NonconformancesView />
      </Tabs.Panel>
    </Tabs>
  );
}
