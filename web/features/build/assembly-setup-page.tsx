// /assembly-setup: one assembly (?id=<assemblyId>) or the list of them.
import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AssemblyList } from './assembly-list.tsx';
import { AssemblyPage } from './assembly-page.tsx';

export default function AssemblySetupPage() {
  const [params] = useSearchParams();
  const assemblyId = params.get('id');
  if (assemblyId) return <AssemblyPage key={assemblyId} assemblyId={assemblyId} />;
  return (
    <Container size="xl" py="lg">
      <AssemblyList />
    </Container>
  );
}
