// The company's people as admins manage them (/api/v1/users): the paged list, adding by invitation or with an
// initial password, and changes of role, burdened labor rate and active state (SPEC.md sections 3, 6 and 7).
import { z } from 'zod';
import { createEmailSchema } from '../email.ts';
import { ZStrictPasswordSchema } from '../password.ts';
import { ZRoleSchema } from '../roles.ts';
import { atLeastOneOf } from './json-schema.ts';
import { numberField } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

/** The highest hourly rate the app accepts; anything above is a typing slip (a missing decimal point). */
export const MAX_BURDENED_LABOR_RATE = 10_000;

export const USER_MESSAGES = {
  rateNegative: 'Burdened labor rate cannot be negative',
  rateTooHigh: `Burdened labor rate cannot be more than ${MAX_BURDENED_LABOR_RATE.toLocaleString('en-US')} per hour`,
  nameRequired: (field: string) => `${field} is required`,
  nothingToChange: 'Nothing to change: send role, burdenedLaborRate or active',
  emailTaken: 'Email already registered: This email already belongs to a Forgeboard account.',
  lastAdmin:
    'This is the last admin of your company. Make another user an admin first, so someone can still manage it.',
  onlySysadminGrants: 'Only a sysadmin can make someone a sysadmin.',
  onlySysadminChangesSysadmin: 'Only a sysadmin can change a sysadmin.',
  notSelfInactivate: 'You cannot inactivate your own account. Ask another admin to do it.',
  notFound: 'No such user in your company.',
  alreadySet: 'This user has already set a password: they can use "Forgot password?" on the login panel.',
  noSecondFactor: 'This user has no two-factor authentication to reset.',
  notSelfResetSecondFactor:
    'You cannot reset your own two-factor authentication here. Turn it off in your two-factor settings, with your password.',
} as const;

/** Money per hour with cents; rounded to the cent so 12.345 is stored as 12.35 rather than refused. */
export const ZBurdenedLaborRateSchema = numberField('Burdened labor rate')
  .finite()
  .min(0, USER_MESSAGES.rateNegative)
  .max(MAX_BURDENED_LABOR_RATE, USER_MESSAGES.rateTooHigh)
  // rate * 100 is binary floating point: 1.005 * 100 is 100.49999999999999, which Math.round takes down to 1.00.
  // Rounding the product to 12 significant digits first gives the decimal the admin typed (100.5 → 1.01).
  .transform((rate) => Math.round(Number((rate * 100).toPrecision(12))) / 100);

const personName = (field: string) =>
  z
    .string({ error: USER_MESSAGES.nameRequired(field) })
    .trim()
    .min(1, USER_MESSAGES.nameRequired(field))
    .max(100, `${field} is too long (maximum 100 characters)`);

const ZNewUserBase = z.object({
  email: createEmailSchema(),
  firstName: personName('First name'),
  lastName: personName('Last name'),
  role: ZRoleSchema.default('user'),
  burdenedLaborRate: ZBurdenedLaborRateSchema.default(0),
});

/**
 * POST /api/v1/users. 'invite' mails a link to set a password; 'password' stores an initial password the admin
 * chose, and the user must still set their own through the mailed link before logging in (SPEC.md section 6).
 */
export const ZAddUserSchema = z.discriminatedUnion('method', [
  ZNewUserBase.extend({ method: z.literal('invite') }),
  ZNewUserBase.extend({ method: z.literal('password'), password: ZStrictPasswordSchema }),
]);
export type TAddUser = z.infer<typeof ZAddUserSchema>;
export type TAddUserInput = z.input<typeof ZAddUserSchema>;

/** PATCH /api/v1/users/:id: any of role, rate and active; at least one. */
export const ZUpdateUserSchema = z
  .object({
    role: ZRoleSchema.optional(),
    burdenedLaborRate: ZBurdenedLaborRateSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: USER_MESSAGES.nothingToChange,
  })
  .meta(atLeastOneOf(['role', 'burdenedLaborRate', 'active']));
export type TUpdateUser = z.infer<typeof ZUpdateUserSchema>;

export const USER_STATUSES = ['all', 'active', 'inactive', 'pending'] as const;

/** GET /api/v1/users: a page of the company's users, searched by name or e-mail. */
export const ZUserListQuerySchema = z.object({
  ...pageQuery(),
  q: z.string().trim().max(100).default(''),
  status: z.enum(USER_STATUSES).default('all'),
});
export type TUserListQuery = z.infer<typeof ZUserListQuerySchema>;

/** A user as the admin list shows them. */
export const ZCompanyUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRoleSchema,
  burdenedLaborRate: z.number(),
  active: z.boolean(),
  mfaEnabled: z.boolean(),
  /** False until an invited or admin-created user has set their own password. */
  passwordSet: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TCompanyUser = z.infer<typeof ZCompanyUserSchema>;

export const ZUserPageSchema = pageOf(ZCompanyUserSchema);
export type TUserPage = z.infer<typeof ZUserPageSchema>;

/** The path parameter of /api/v1/users/:id. */
export const ZUserIdParamsSchema = z.object({ id: z.uuid('Not a user id') });
