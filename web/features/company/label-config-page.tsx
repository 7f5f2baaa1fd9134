// /label-config: the Config tab of /admin on a page of its own (SPEC.md section 2). Every signed-in user may open it;
// admins change the configuration here, everyone else reads it.
import { Container, Title } from '@mantine/core';
import { hasRole } from '#common/roles.ts';
import { useSession } from '../../lib/session.ts';
import { LabelConfigPanel } from './label-config-panel.tsx';
import { LabelConfigSummary } from './label-config-summary.tsx';

export default function LabelConfigPage() {
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="md">
        Label Configuration
      </Title>
      {isAdmin ? <LabelConfigPanel /> : <LabelConfigSummary />}
    </Container>
  );
}
