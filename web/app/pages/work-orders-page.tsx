// /build/work-order: the Work Orders screen, and one work order run on the floor (?id=<id>&view=floor, decision 049;
// &step=<stepId> opens the floor at that step).
// The app composes the two features; the floor's page is loaded only when opened.
import { Container } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import WorkOrdersScreen from '../../features/work-orders/work-orders-page.tsx';

const ShopFloorPage = lazy(() =>
  import('../../features/shop-floor/shop-floor-page.tsx').then((m) => ({ default: m.ShopFloorPage })),
);

export default function WorkOrdersPage() {
  const [params] = useSearchParams();
  const workOrderId = params.get('id');
  if (workOrderId && params.get('view') === 'floor')
    return (
      <Suspense
        fallback={
          <Container py="lg">
            <PageLoader />
          </Container>
        }
      >
        <ShopFloorPage key={workOrderId} workOrderId={workOrderId} stepId={params.get('step')} />
      </Suspense>
    );
  return <WorkOrdersScreen />;
}
