// Maintenance e-mail settings (decisions 050, 058): the shared contract of /api/v1/maintenance/email-settings — who
// receives maintenance mail (people of the company, outside addresses), how early "due soon" goes, how often an
// overdue PM is repeated, breakdown alerts, and the daily digest at an hour of the company's day.
import { z } from 'zod';
import { ZEmailSchema } from '../email.ts';
import { numberField } from './numbers.ts';

/** How many recipients of each kind: a shop's maintenance team and a few outside addresses, not a mailing list. */
export const RECIPIENTS_MAX = 50;
/** The longest reminder lead and overdue interval one can choose, in days. */
export const REMINDER_DAYS_MAX = 90;

export const MAINTENANCE_EMAIL_MESSAGES = {
  userNotFound: 'No such person in your company. Choose people from the list.',
  duplicateUser: 'This person is already a recipient.',
  duplicateEmail: 'This address is already a recipient.',
  noRecipients: 'There is nobody to send to: add a person or an address, save, then send the test e-mail.',
  saved: 'Maintenance e-mail settings saved.',
  testSent: (to: string[]) => `Test e-mail sent to ${to.join(', ')}.`,
} as const;

const M = MAINTENANCE_EMAIL_MESSAGES;

const wholeDays = (field: string) =>
  numberField(field, `${field} must be a number of days`)
    .int(`${field} must be a whole number of days`)
    .min(0, `${field} cannot be negative`)
    .max(REMINDER_DAYS_MAX, `${field} must be at most ${REMINDER_DAYS_MAX} days`);

const noRepeats = <T>(values: T[], key: (v: T) => string) => new Set(values.map(key)).size === values.length;

/** PUT /api/v1/maintenance/email-settings: the whole settings. */
export const ZMaintenanceEmailSettingsInputSchema = z.object({
  /** People of the company (their account's address is used, so it follows them when they change it). */
  userIds: z
    .array(z.uuid({ error: 'Choose people from the list' }), { error: 'Choose people from the list' })
    .max(RECIPIENTS_MAX, `At most ${RECIPIENTS_MAX} people`)
    .refine((ids) => noRepeats(ids, (id) => id.toLowerCase()), M.duplicateUser)
    .default([]),
  /** Outside addresses (a contractor, a shared mailbox). */
  emails: z
    .array(ZEmailSchema, { error: 'Addresses must be a list of e-mail addresses' })
    .max(RECIPIENTS_MAX, `At most ${RECIPIENTS_MAX} addresses`)
    .refine((emails) => noRepeats(emails, (e) => e.toLowerCase()), M.duplicateEmail)
    .default([]),
  /** "Due soon" goes this many days before the due date (a plan's own longer lead time wins). */
  daysBefore: wholeDays('Days before due'),
  /** An overdue PM is reminded of again every this many days; 0: once only. */
  overdueEveryDays: wholeDays('Overdue reminder interval'),
  breakdownAlerts: z.boolean({ error: 'Breakdown alerts must be on or off' }),
  dailyDigest: z.boolean({ error: 'Daily digest must be on or off' }),
  /** The hour of the company's day (0–23) the digest goes out. */
  digestHour: numberField('Digest hour', 'Digest hour must be an hour from 0 to 23')
    .int('Digest hour must be an hour from 0 to 23')
    .min(0, 'Digest hour must be an hour from 0 to 23')
    .max(23, 'Digest hour must be an hour from 0 to 23'),
});
export type TMaintenanceEmailSettingsInput = z.input<typeof ZMaintenanceEmailSettingsInputSchema>;
export type TMaintenanceEmailSettingsFields = z.output<typeof ZMaintenanceEmailSettingsInputSchema>;

/** A person one can choose as a recipient: an active user of the company. */
export const ZMaintenancePersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type TMaintenancePerson = z.infer<typeof ZMaintenancePersonSchema>;

/**
 * Who a breakdown alert reaches (decision 067): the recipients chosen; while none is chosen, the company's active
 * admins at the moment of the report; nobody while breakdown alerts are off. `to` empty: nobody was told.
 */
export const BREAKDOWN_ALERT_SOURCES = ['recipients', 'admins', 'off'] as const;
export const ZBreakdownAlertAudienceSchema = z.object({
  source: z.enum(BREAKDOWN_ALERT_SOURCES),
  to: z.array(z.string()),
});
export type TBreakdownAlertAudience = z.infer<typeof ZBreakdownAlertAudienceSchema>;

/** "E-mailed to a@x, b@y (the admins: no recipients are chosen)" or "Nobody was e-mailed: …", as the screens say it. */
export function alertAudienceText(audience: TBreakdownAlertAudience): string {
  if (audience.source === 'off') return 'Nobody was e-mailed: breakdown alerts are off.';
  if (audience.to.length === 0)
    return audience.source === 'admins'
      ? 'Nobody was e-mailed: no recipients are chosen and the company has no active admin with an address.'
      : 'Nobody was e-mailed: none of the chosen recipients is active.';
  return `E-mailed to ${audience.to.join(', ')}${
    audience.source === 'admins' ? ' (the company’s admins: no recipients are chosen)' : ''
  }.`;
}

/** GET and PUT answer: the settings (the defaults until an admin saves), and the people one can choose from. */
export const ZMaintenanceEmailSettingsSchema = z.object({
  userIds: z.array(z.string()),
  emails: z.array(z.string()),
  daysBefore: z.number().int(),
  overdueEveryDays: z.number().int(),
  breakdownAlerts: z.boolean(),
  dailyDigest: z.boolean(),
  digestHour: z.number().int(),
  /** The company's time zone: the digest hour is an hour of its day. */
  timeZone: z.string(),
  /** The company's active people, by name. */
  people: z.array(ZMaintenancePersonSchema),
  /** The company's active admins: whom breakdown alerts reach while no recipient is chosen. */
  admins: z.array(ZMaintenancePersonSchema),
  /** Who a breakdown reported now would alert, by the saved settings. */
  breakdownAlertsTo: ZBreakdownAlertAudienceSchema,
});
export type TMaintenanceEmailSettings = z.infer<typeof ZMaintenanceEmailSettingsSchema>;

/** POST /api/v1/maintenance/email-settings/test: to whom the test e-mail was queued. */
export const ZMaintenanceTestEmailResultSchema = z.object({ sentTo: z.array(z.string()) });
export type TMaintenanceTestEmailResult = z.infer<typeof ZMaintenanceTestEmailResultSchema>;
