// /users: the same list as the Admin section's Users tab, on a page of its own (SPEC.md section 2), and with the Time
// area on, the company's kiosks (decision 083).
import { Container, Title } from '@mantine/core';
import { featureFlagsOf } from '#common/label-config.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { KiosksPanel } from './kiosks-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

export default function UsersPage() {
  const timeOn = featureFlagsOf(configOf(useSession().data)).time;
  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="md">
        Users
      </Title>
      <UsersPanel />
      {timeOn ? <KiosksPanel /> : null}
    </Container>
  );
}
