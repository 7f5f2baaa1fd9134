// Opens "Sign-in methods" from the user menu (and the phone's menu). The desktop menu, mounted on every signed-in
// page, also opens it when the provider's redirect comes back from a link (/help?signInMethods=…), so the person
// reads how it went where they started it.
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { LINK_RETURN_PARAM } from '#common/schemas/identities.ts';
import type { TLinkOutcome } from './sign-in-methods-section.tsx';

// Loaded when opened: most visits never look at their sign-in methods.
const SignInMethodsDialog = lazy(() =>
  import('./sign-in-methods-dialog.tsx').then((m) => ({ default: m.SignInMethodsDialog })),
);

export function useSignInMethodsDialog({ fromLinkReturn }: { fromLinkReturn: boolean }) {
  const [params, setParams] = useSearchParams();
  const returned = fromLinkReturn ? params.get(LINK_RETURN_PARAM) : null;
  const outcome: TLinkOutcome | null =
    returned === null ? null : { linked: returned === 'linked', error: params.get('error') };
  const [opened, dialog] = useDisclosure(false);
  const close = () => {
    dialog.close();
    if (outcome) {
      // The outcome is read once: closing forgets it, so a reload does not show it again.
      const next = new URLSearchParams(params);
      next.delete(LINK_RETURN_PARAM);
      next.delete('error');
      next.delete('error_description');
      setParams(next, { replace: true });
    }
  };
  const show = opened || outcome !== null;
  const element = show ? (
    <Suspense fallback={null}>
      <SignInMethodsDialog opened={show} onClose={close} outcome={outcome} />
    </Suspense>
  ) : null;
  return { open: dialog.open, element };
}
