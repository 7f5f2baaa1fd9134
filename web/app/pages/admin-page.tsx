// /admin: the Admin section's tabs (SPEC.md section 2). Users, Config, SKU Setup and Audit Trail are built; the others say what
// they will hold. Each tab is another feature's panel, so the page is the app's, not a feature's.
import { Badge, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { ADMIN_TABS } from '#common/routes.ts';
import { AREA_DESCRIPTIONS } from '../../features/areas/area-descriptions.ts';
import { AuditPanel } from '../../features/audit/audit-panel.tsx';
import { LabelConfigPanel } from '../../features/company/label-config-panel.tsx';
import { ItemsPanel } from '../../features/inventory-setup/items-panel.tsx';
import { LabelFormatsPanel } from '../../features/labels/label-formats-panel.tsx';
import { UsersPanel } from '../../features/users/users-panel.tsx';

export default function AdminPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = ADMIN_TABS.find((t) => t.id === params.get('tab')) ?? ADMIN_TABS[0];
  const panel =
    tab.id === 'users' ? (
      <UsersPanel />
    ) : tab.id === 'label-config' ? (
      <LabelConfigPanel />
    ) : tab.id === 'items' ? (
      <ItemsPanel />
    ) : tab.id === 'label-definitions' ? (
      <LabelFormatsPanel />
    ) : tab.id === 'audit' ? (
      <AuditPanel />
    ) : null;
  const built = panel !== null;

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {tab.title}
        </Title>
        {built ? null : (
          <Badge variant="light" color="gray">
            Arriving soon
          </Badge>
        )}
      </Group>
      <Tabs
        value={tab.id}
        onChange={(value) => value && navigate(`/admin?tab=${value}`)}
        mb="md"
        keepMounted={false}
      >
        <Tabs.List>
          {ADMIN_TABS.map((t) => (
            <Tabs.Tab key={t.id} value={t.id}>
              {t.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {built ? (
        panel
      ) : (
        <Text maw={720}>{AREA_DESCRIPTIONS[`/admin?tab=${tab.id}`] ?? 'This screen is being built.'}</Text>
      )}
    </Container>
  );
}
