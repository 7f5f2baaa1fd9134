// /users: the same list as the Admin section's Users tab, on a page of its own (SPEC.md section 2).
import { Container, Title } from '@mantine/core';
import { UsersPanel } from './users-panel.tsx';

export default function UsersPage() {
  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="md">
        Users
      </Title>
      <UsersPanel />
    </Container>
  );
}
