// /time, Time Tracking (decisions 080, 082): your clock, clock in by scanning, and a person's week. Composed here
// because the scan screen's camera (web/features/scan) is handed to the Time feature's scan field, and a feature
// may not import another. The week and the person an admin reads are in the address (?week=, ?user=), so a reload
// or a shared link shows the same week.
import { Container, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { hasRole } from '#common/roles.ts';
import { isCalendarDate } from '#common/time/calendar.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { CameraScanner } from '../../features/scan/camera-scanner.tsx';
import { scanFeedback } from '../../features/scan/feedback.ts';
import { inView } from '../../features/scan/in-view.ts';
import { ClockPanel } from '../../features/time/clock-panel.tsx';
import { ScanClockIn } from '../../features/time/scan-clock-in.tsx';
import { type TWeekChoice, WeekView } from '../../features/time/week-view.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { useSession } from '../../lib/session.ts';

/** The camera sees a label many times a second: it counts again only after it has been out of view this long. */
const SAME_CODE_MS = 2000;

export default function TimePage() {
  const { data: session } = useSession();
  const clock = useCompanyClock();
  const [params, setParams] = useSearchParams();
  const [seen] = useState(() => inView(SAME_CODE_MS));
  const user = session?.user;
  if (!user) return null;
  const isAdmin = hasRole(user.role, 'admin');
  const asked = params.get('week');
  const choice: TWeekChoice = {
    userId: isAdmin ? params.get('user') : null,
    week: asked && isCalendarDate(asked) ? asked : null,
  };
  const choose = (next: TWeekChoice) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of [
          ['user', next.userId],
          ['week', next.week],
        ] as const) {
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      },
      { replace: true },
    );

  return (
    <Container size="md" py="lg" px="sm">
      <Stack gap="md">
        <PageHeader title="Time Tracking" back={false}>
          <Text c="dimmed" size="sm">
            Your clock and your week, on the company’s clock ({clock.timeZone}).
          </Text>
        </PageHeader>
        <ClockPanel />
        <ScanClockIn
          feedback={scanFeedback}
          camera={(scan) => (
            <CameraScanner
              onFrame={(codes) => {
                for (const code of seen.frame(codes, Date.now())) scan(code);
              }}
            />
          )}
        />
        <WeekView
          me={{ id: user.id, name: `${user.firstName} ${user.lastName}`.trim() }}
          isAdmin={isAdmin}
          choice={choice}
          onChoose={choose}
        />
      </Stack>
    </Container>
  );
}
