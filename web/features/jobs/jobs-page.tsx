// /jobs, Job Management (decisions 004, 079): one job (?id=<jobId>) or the list of them. Everyone signed in may look
// jobs up; admins make and change them.
import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { hasRole } from '#common/roles.ts';
import { useSession } from '../../lib/session.ts';
import { JobList } from './job-list.tsx';
import { JobPage } from './job-page.tsx';

export default function JobsPage() {
  const [params] = useSearchParams();
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const jobId = params.get('id');
  if (jobId) return <JobPage key={jobId} jobId={jobId} isAdmin={isAdmin} />;
  return (
    <Container size="xl" py="lg">
      <JobList isAdmin={isAdmin} />
    </Container>
  );
}
