// /security-dashboard (sysadmins): the installation's security across every company — sign-in outcomes over a
// chosen range, MFA adoption, active sessions (and ending one), the event log and the administrative actions.
import { Button, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { AdminActionsSection } from './admin-actions-section.tsx';
import { EventsSection } from './events-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { securityKeys } from './query-keys.ts';
import { DEFAULT_PRESET, presetOf, RANGE_PRESETS, rangeEndingAt, type TRangePreset } from './range.ts';
import { SessionsSection } from './sessions-section.tsx';

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <div>
        <Title order={2} fz={{ base: 20, sm: 22 }} id={id}>
          {title}
        </Title>
        {intro ? (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}

export default function SecurityDashboardPage() {
  const clock = useCompanyClock();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const preset = presetOf(params.get('range'));
  // The range ends when it was chosen (or refreshed), so "Load more" pages and the chart stay on one range.
  const [endsAt, setEndsAt] = useState(() => Date.now());
  const range = useMemo(() => rangeEndingAt(preset.value, endsAt), [preset.value, endsAt]);

  const choose = (value: string) => {
    setEndsAt(Date.now());
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_PRESET) next.delete('range');
        else next.set('range', value as TRangePreset);
        return next;
      },
      { replace: true },
    );
  };
  const refresh = () => {
    setEndsAt(Date.now());
    void queryClient.invalidateQueries({ queryKey: securityKeys.all });
  };

  return (
    <Container size="xl" py="lg">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Security Dashboard
          </Title>
          <Text c="dimmed" maw={760}>
            Sign-ins, sessions and administrative actions of every company on this installation. Only
            sysadmins see this page.
          </Text>
          <Group gap="sm" align="center" wrap="wrap">
            <SegmentedControl
              aria-label="Time range"
              value={preset.value}
              onChange={choose}
              data={RANGE_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
            />
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={refresh}>
              Refresh
            </Button>
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {preset.long}: {clock.dateTime(range.from)} to {clock.dateTime(range.to)}.
          </Text>
        </Stack>

        <Section id="security-overview" title="Sign-ins">
          <OverviewSection range={range} />
        </Section>
        <Section
          id="security-sessions"
          title="Active sessions"
          intro="Everyone signed in right now. Ending a session signs that browser out on its next click."
        >
          <SessionsSection />
        </Section>
        <Section
          id="security-events"
          title="Event log"
          intro="Every security event in the range, newest first."
        >
          <EventsSection range={range} />
        </Section>
        <Section
          id="security-admin-actions"
          title="Administrative actions"
          intro="Changes admins made to users, settings and plans, in every company, newest first."
        >
          <AdminActionsSection />
        </Section>
      </Stack>
    </Container>
  );
}
