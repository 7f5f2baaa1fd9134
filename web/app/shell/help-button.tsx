// The header's Help button: opens the current screen's article (features/help's drawer, loaded on first use) and
// answers `?` from the keyboard on every signed-in screen, except while the person is typing in a field.
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelpCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { TRole } from '#common/roles.ts';
import { useKey } from '../../features/help/use-key.ts';

const HelpDrawer = lazy(() => import('../../features/help/help-drawer.tsx'));

export function HelpButton({ role }: { role: TRole }) {
  const [opened, drawer] = useDisclosure(false);
  // Mounted on first opening, then kept, so that closing plays its transition and reopening is instant.
  const [wanted, setWanted] = useState(false);
  const show = () => {
    setWanted(true);
    drawer.open();
  };
  useKey('?', show, !opened);
  return (
    <>
      <Button
        variant="subtle"
        color="dark"
        px="xs"
        leftSection={<IconHelpCircle size={18} aria-hidden />}
        onClick={show}
        aria-haspopup="dialog"
        // The Help section's button says "Help" too: this one names what it opens (its words still start "Help").
        aria-label="Help for this screen"
        title="Help for this screen (?)"
      >
        Help
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <HelpDrawer opened={opened} onClose={drawer.close} role={role} />
        </Suspense>
      ) : null}
    </>
  );
}
