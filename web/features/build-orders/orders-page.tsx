// /build/create-order and /orders (the same screen): one order (?id=<orderId>) or the list of them.
import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { OrderList } from './order-list.tsx';
import { OrderPage } from './order-page.tsx';

export default function OrdersPage() {
  const [params] = useSearchParams();
  const orderId = params.get('id');
  if (orderId) return <OrderPage key={orderId} orderId={orderId} />;
  return (
    <Container size="xl" py="lg">
      <OrderList />
    </Container>
  );
}
