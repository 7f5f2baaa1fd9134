// /stock-check: the company's counts, or one count (?session=<id>) to count and, for admins, review and post.
import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { SessionView } from './session-view.tsx';
import { SessionsList } from './sessions-list.tsx';

export default function StockCheckPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session');
  return (
    <Container size="xl" py="lg">
      {sessionId ? <SessionView key={sessionId} id={sessionId} /> : <SessionsList />}
    </Container>
  );
}
