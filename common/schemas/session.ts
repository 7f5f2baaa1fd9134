// The signed-in user and company as the API returns them.
import { z } from 'zod';
import { ZLabelConfigSchema } from '../label-config.ts';
import { ZRoleSchema } from '../roles.ts';

/** The user profile of SPEC.md section 3, as the web app caches it. */
export const ZUserProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: ZRoleSchema,
  company: z.string(),
  companyId: z.string().nullable(),
  active: z.boolean(),
  burdenedLaborRate: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** True once a TOTP second factor is enrolled and confirmed (POST /api/v1/auth/two-factor/confirm). */
  mfaEnabled: z.boolean(),
});
export type TUserProfile = z.infer<typeof ZUserProfileSchema>;

/**
 * Where the browser stands: 'signed-in' (user set), 'signed-out', or 'no-company' — a verified account whose
 * registration has no company yet (SPEC.md section 4's "Account Verified Successfully" path; user stays null).
 */
export const ZSessionStateSchema = z.enum(['signed-out', 'signed-in', 'no-company']);
export type TSessionState = z.infer<typeof ZSessionStateSchema>;

/** GET /api/v1/session: the user (or null when signed out) and their company's configuration. */
export const ZSessionSchema = z.object({
  state: ZSessionStateSchema,
  user: ZUserProfileSchema.nullable(),
  labelConfig: ZLabelConfigSchema.nullable(),
  /** The company's IANA time zone: the web app writes every instant on this clock (decision 040). */
  timeZone: z.string().nullable(),
});
export type TSession = z.infer<typeof ZSessionSchema>;
