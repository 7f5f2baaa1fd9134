// POST /api/v1/auth/finish-registration: a verified user whose company was never set up (its name was taken before
// they confirmed, or a sign-up from before decision 041 was cut short) names the company to create now.
import { z } from 'zod';
import { DEFAULT_TIMEZONE, ZTimezoneSchema } from '../timezones.ts';
import { ZCheckAvailabilitySchema } from './auth.ts';

/** What the no-company screen says: what happened, and what to do about it. */
export const NO_COMPANY_TEXT =
  'Your e-mail address is verified, but your company was not set up: either another company took its name before you confirmed, or your sign-up was interrupted before it finished. Choose the name of your company to finish creating it.';

/** The request: the company to create, with the user as its admin. Never an existing company's id. */
export const ZFinishRegistrationSchema = z.object({
  companyName: ZCheckAvailabilitySchema.shape.companyName,
  timezone: ZTimezoneSchema.default(DEFAULT_TIMEZONE),
});
export type TFinishRegistration = z.infer<typeof ZFinishRegistrationSchema>;
export type TFinishRegistrationInput = z.input<typeof ZFinishRegistrationSchema>;

/** The answer: the company exists and the user is its admin; GET /api/v1/session now says 'signed-in'. */
export const ZFinishRegistrationResultSchema = z.object({ status: z.literal('company-created') });
export type TFinishRegistrationResult = z.infer<typeof ZFinishRegistrationResultSchema>;
