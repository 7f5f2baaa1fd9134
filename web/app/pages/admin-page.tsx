// /admin: the screens of the Admin section (SPEC.md section 2) and SKU Setup, by ?tab=. The navigation bar's row of
// pages is their one navigation (issue 29: a second row of tabs here listed other screens than the bar did): Users,
// Config, Label Formats, Subscription and Audit Trail under Admin, SKU Setup under Inventory. Each tab is another
// feature's panel, so the page is the app's, not a feature's.
import { Container, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { ADMIN_TABS } from '#common/routes.ts';
import { AuditPanel } from '../../features/audit/audit-panel.tsx';
import { LabelConfigPanel } from '../../features/company/label-config-panel.tsx';
import { ItemsPanel } from '../../features/inventory-setup/items-panel.tsx';
import { LabelFormatsPanel } from '../../features/labels/label-formats-panel.tsx';
import { SsoPanel } from '../../features/sso/sso-panel.tsx';
import { UsersPanel } from '../../features/users/users-panel.tsx';

export default function AdminPage() {
  const [params] = useSearchParams();
  const tab = ADMIN_TABS.find((t) => t.id === params.get('tab'));
  // Plain /admin (or an unknown tab) is the Users screen under its own address, so the bar marks Users as shown.
  if (!tab) return <Navigate replace to={`/admin?tab=${ADMIN_TABS[0].id}`} />;
  const panel =
    tab.id === 'users' ? (
      <UsersPanel />
    ) : tab.id === 'label-config' ? (
      <LabelConfigPanel />
    ) : tab.id === 'items' ? (
      <ItemsPanel />
    ) : tab.id === 'label-definitions' ? (
      <LabelFormatsPanel />
    ) : tab.id === 'sso' ? (
      <SsoPanel />
    ) : (
      <AuditPanel />
    );

  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="md">
        {tab.title}
      </Title>
      {panel}
    </Container>
  );
}
