// /build/work-order: one work order (?id=<workOrderId>) or the list of them.
import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { WorkOrderList } from './work-order-list.tsx';
import { WorkOrderPage } from './work-order-page.tsx';

export default function WorkOrdersPage() {
  const [params] = useSearchParams();
  const workOrderId = params.get('id');
  if (workOrderId) return <WorkOrderPage key={workOrderId} workOrderId={workOrderId} />;
  return (
    <Container size="xl" py="lg">
      <WorkOrderList />
    </Container>
  );
}
