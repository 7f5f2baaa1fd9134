// Opens "Passkeys" from the user menu (and the phone's menu): the person's own passkeys (decision 089).
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';

// Loaded when opened: most visits never look at their passkeys.
const PasskeysDialog = lazy(() =>
  import('./passkeys-dialog.tsx').then((m) => ({ default: m.PasskeysDialog })),
);

export function usePasskeysDialog() {
  const [opened, dialog] = useDisclosure(false);
  const element = opened ? (
    <Suspense fallback={null}>
      <PasskeysDialog opened={opened} onClose={dialog.close} />
    </Suspense>
  ) : null;
  return { open: dialog.open, element };
}
