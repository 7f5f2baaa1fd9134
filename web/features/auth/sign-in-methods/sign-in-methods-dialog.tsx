// "Sign-in methods" as a dialog of the user menu, beside Change password and Two-factor authentication.
import { Modal } from '@mantine/core';

import { SignInMethodsSection, type TLinkOutcome } from './sign-in-methods-section.tsx';

export function SignInMethodsDialog({
  opened,
  onClose,
  outcome,
}: {
  opened: boolean;
  onClose: () => void;
  outcome: TLinkOutcome | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Sign-in methods" size="lg">
      {opened ? <SignInMethodsSection outcome={outcome} /> : null}
    </Modal>
  );
}
