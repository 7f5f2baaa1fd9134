// Every kind of security event, defined once with the outcome it records.
import { z } from 'zod';

/** What happened to an account. */
export const ZSecurityEventTypeSchema = z.enum([
  'sign_up',
  'email_verified',
  'company_created',
  'sign_in_succeeded',
  'sign_in_failed',
  'locked_out',
  'rate_limited',
  'inactive_account_attempt',
  'password_changed',
  'password_reset_requested',
  'password_reset_completed',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_backup_codes_regenerated',
  'mfa_challenge_failed',
  'session_ended',
  'sessions_revoked',
  'role_changed',
  'user_created',
  'user_deactivated',
  'user_reactivated',
  'passkey_added',
  'passkey_removed',
  'identity_linked',
  'identity_unlinked',
  'sso_domain_approved',
  'sso_provider_removed',
]);
export type TSecurityEventType = z.infer<typeof ZSecurityEventTypeSchema>;

/** How it ended: done, tried and failed (a wrong password), or refused by a rule (a limit, an inactive account). */
export const ZSecurityOutcomeSchema = z.enum(['success', 'failure', 'denied']);
export type TSecurityOutcome = z.infer<typeof ZSecurityOutcomeSchema>;

/** The outcome each type records unless the caller says otherwise. */
export const SECURITY_EVENT_OUTCOME: Record<TSecurityEventType, TSecurityOutcome> = {
  sign_up: 'success',
  email_verified: 'success',
  company_created: 'success',
  sign_in_succeeded: 'success',
  sign_in_failed: 'failure',
  locked_out: 'denied',
  rate_limited: 'denied',
  inactive_account_attempt: 'denied',
  password_changed: 'success',
  password_reset_requested: 'success',
  password_reset_completed: 'success',
  mfa_enabled: 'success',
  mfa_disabled: 'success',
  mfa_backup_codes_regenerated: 'success',
  mfa_challenge_failed: 'failure',
  session_ended: 'success',
  sessions_revoked: 'success',
  role_changed: 'success',
  user_created: 'success',
  user_deactivated: 'success',
  user_reactivated: 'success',
  passkey_added: 'success',
  passkey_removed: 'success',
  identity_linked: 'success',
  identity_unlinked: 'success',
  sso_domain_approved: 'success',
  sso_provider_removed: 'success',
};
