// /maintenance/planned: one plan (?id=<planId>) or the list of them.
import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PlanList } from './plan-list.tsx';
import { PlanPage } from './plan-page.tsx';

export default function PlansPage() {
  const [params] = useSearchParams();
  const planId = params.get('id');
  if (planId) return <PlanPage key={planId} planId={planId} />;
  return (
    <Container size="xl" py="lg">
      <PlanList />
    </Container>
  );
}
