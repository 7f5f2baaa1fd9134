// A protected screen whose area has not landed yet: its title, what it will do, and the way to the rest of the app.
import { Badge, Container, Group, Text, Title } from '@mantine/core';
import type { TRouteDef } from '#common/routes.ts';
import { AREA_DESCRIPTIONS } from './area-descriptions.ts';

export default function AreaPage({ route }: { route: TRouteDef }) {
  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {route.title}
        </Title>
        <Badge variant="light" color="gray">
          Arriving soon
        </Badge>
      </Group>
      <Text maw={720}>{AREA_DESCRIPTIONS[route.path] ?? 'This screen is being built.'}</Text>
    </Container>
  );
}
