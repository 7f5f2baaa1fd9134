// The company's people as admins manage them (/api/v1/users): the paged list, adding by invitation or with an
// initial password, and changes of role, burdened labor rate and active state (SPEC.md sections 3, 6 and 7).
import { z } from 'zod';
import { compareDecimal, roundDecimal } from '../decimal.ts';
import { createEmailSchema } from '../email.ts';
import { ZStrictPasswordSchema } from '../password.ts';
import { ZRoleSchema } from '../roles.ts';
import { atLeastOneOf } from './json-schema.ts';
import { decimalText } from './numbers.ts';
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

/**
 * Money per hour with cents, as exact decimal text (decision 021; decision 080: never a float). Up to six decimals are
 * accepted and rounded half away from zero to the cent in BigInt, so "12.345" is stored as "12.35" rather than
 * refused, and "1.005" as "1.01" (a float would have made it 1.00).
 */
export const ZBurdenedLaborRateSchema = decimalText('Burdened labor rate', 6, { sign: 'nonNegative' })
  .refine((rate) => !rate.startsWith('-'), { error: USER_MESSAGES.rateNegative, abort: true })
  .refine((rate) => compareDecimal(rate, String(MAX_BURDENED_LABOR_RATE)) <= 0, USER_MESSAGES.rateTooHigh)
  // The API document says the bound too: 0 to 9999.999999, or 10000 itself.
  .meta({ pattern: '^\\s*(?:(?:0|[1-9]\\d{0,3})(?:\\.\\d{1,6})?|10000(?:\\.0{1,6})?)\\s*$' })
  .transform((rate) => roundDecimal(rate, 2));

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
  burdenedLaborRate: ZBurdenedLaborRateSchema.default('0'),
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
  /** Exact decimal text, money per hour ("32.5"): the rate in force now. */
  burdenedLaborRate: z.string(),
  active: z.boolean(),
  mfaEnabled: z.boolean(),
  /** False until an invited or admin-created user has set their own password. */
  passwordSet: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TCompanyUser = z.infer<typeof ZCompanyUserSchema>;

/** A row of the admin list: the user, and whether they have a passkey (decision 089). */
export const ZUserListItemSchema = ZCompanyUserSchema.extend({ hasPasskey: z.boolean() });
export type TUserListItem = z.infer<typeof ZUserListItemSchema>;

export const ZUserPageSchema = pageOf(ZUserListItemSchema);
export type TUserPage = z.infer<typeof ZUserPageSchema>;

/** The path parameter of /api/v1/users/:id. */
export const ZUserIdParamsSchema = z.object({ id: z.uuid('Not a user id') });
