// A protected screen whose area has not landed yet: its title, what it will do, and the way to the rest of the app.
import { Badge, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { ADMIN_TABS, type TRouteDef } from '#common/routes.ts';
import { AREA_DESCRIPTIONS } from './area-descriptions.ts';

export default function AreaPage({ route }: { route: TRouteDef }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isAdmin = route.path === '/admin';
  const tab = isAdmin ? (ADMIN_TABS.find((t) => t.id === params.get('tab')) ?? ADMIN_TABS[0]) : null;
  const title = tab?.title ?? route.title;
  const description = AREA_DESCRIPTIONS[tab ? `/admin?tab=${tab.id}` : route.path];

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Badge variant="light" color="gray">
          Arriving soon
        </Badge>
      </Group>
      {tab ? (
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
      ) : null}
      <Text maw={720}>{description ?? 'This screen is being built.'}</Text>
    </Container>
  );
}
