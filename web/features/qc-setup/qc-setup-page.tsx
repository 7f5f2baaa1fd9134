// /quality/item-instructions (QC Setup): one plan (?plan=<planId>), or the plans and the defect codes as two views of
// one page (?view=defect-codes), so a link or a reload keeps what was shown. Admins change; everyone reads.
import { Container, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { hasRole } from '#common/roles.ts';
import { useSession } from '../../lib/session.ts';
import { DefectCodeList } from './defect-code-list.tsx';
import { PlanList } from './plan-list.tsx';
import { PlanPage } from './plan-page.tsx';

type TView = 'plans' | 'defect-codes';

export default function QcSetupPage() {
  const [params, setParams] = useSearchParams();
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const planId = params.get('plan');
  if (planId) return <PlanPage key={planId} planId={planId} />;
  const view: TView = params.get('view') === 'defect-codes' ? 'defect-codes' : 'plans';
  return (
    <Container size="xl" py="lg">
      <Stack>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          QC Setup
        </Title>
        <Text c="dimmed" maw={760}>
          {view === 'plans'
            ? 'What is inspected, when and how: a plan per item at receipt, at a build step or at final inspection, with its checks and how many units are sampled. A released version is what inspectors follow.'
            : 'The defects your shop names: inspectors pick one for a failure and the floor for scrap, so the Pareto counts both.'}
          {isAdmin ? '' : ' Only admins change them.'}
        </Text>
        <SegmentedControl
          aria-label="Show"
          value={view}
          onChange={(next) => setParams(next === 'plans' ? {} : { view: next })}
          data={[
            { value: 'plans', label: 'Inspection plans' },
            { value: 'defect-codes', label: 'Defect codes' },
          ]}
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        />
        {view === 'plans' ? <PlanList isAdmin={isAdmin} /> : <DefectCodeList isAdmin={isAdmin} />}
      </Stack>
    </Container>
  );
}
