// /maintenance/machines: one machine (?id=<machineId>) or the list of them.
import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { MachineList } from './machine-list.tsx';
import { MachinePage } from './machine-page.tsx';

export default function MachinesPage() {
  const [params] = useSearchParams();
  const machineId = params.get('id');
  if (machineId) return <MachinePage key={machineId} machineId={machineId} />;
  return (
    <Container size="xl" py="lg">
      <MachineList />
    </Container>
  );
}
