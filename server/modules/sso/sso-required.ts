// A company may require single sign-on for a proved domain (decision 086): a password sign-in with such an address
// is refused with a message that points at single sign-on — but never a sysadmin's, so a broken provider cannot
// lock the installation's operators out.
import { AppError } from '#common/errors.ts';
import { SSO_MESSAGES } from '#common/schemas/sso.ts';
import type { TDb } from '../../db/client.ts';
import { recordSecurityEvent, type TSecurityEventInput } from '../../security/security-events.ts';
import { findUserByEmail } from '../auth/accounts.repo.ts';
import { ssoRequiredFor } from './sso.repo.ts';

/** Throws SSO_REQUIRED (and records the refusal) when `email`'s domain requires single sign-on. */
export async function refuseIfSsoRequired(
  db: TDb,
  email: string,
  origin: Pick<TSecurityEventInput, 'ip' | 'userAgent'>,
): Promise<void> {
  if (!(await ssoRequiredFor(db, email))) return;
  const user = await findUserByEmail(db, email);
  if (user?.role === 'sysadmin') return;
  await recordSecurityEvent(db, {
    type: 'sign_in_failed',
    outcome: 'denied',
    email,
    userId: user?.id ?? null,
    companyId: user?.companyId ?? null,
    ...origin,
    details: { reason: 'sso_required' },
  });
  throw new AppError('SSO_REQUIRED', SSO_MESSAGES.passwordRefused);
}
