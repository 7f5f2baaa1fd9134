// Queries of a company's maintenance e-mail settings and recipients, inside a tenant transaction. People are read
// through the columns of `users` open to the tenant role for its own company (migration 0034).
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { TBreakdownAlertAudience, TMaintenancePerson } from '#common/schemas/maintenance-email.ts';
import type { TDb } from '../../db/client.ts';
import { asLoginRole } from '../../db/login-role.ts';
import { users } from '../auth/auth.tables.ts';
import { maintenanceEmailSettings, maintenanceRecipients } from './alerts.tables.ts';

export type TSettingsRow = typeof maintenanceEmailSettings.$inferSelect;
export type TSettingsValues = Omit<TSettingsRow, 'companyId' | 'updatedAt'>;

/** What applies until an admin saves: the table's defaults (decision 050). */
export const DEFAULT_SETTINGS: TSettingsValues = {
  daysBefore: 3,
  overdueEveryDays: 1,
  breakdownAlerts: true,
  dailyDigest: false,
  digestHour: 7,
  digestFrom: null,
};

/** The company's settings, or the defaults when none were saved. */
export async function settingsOf(tx: TDb, companyId: string): Promise<TSettingsValues> {
  const [row] = await tx
    .select()
    .from(maintenanceEmailSettings)
    .where(eq(maintenanceEmailSettings.companyId, companyId));
  if (!row) return { ...DEFAULT_SETTINGS };
  const { companyId: _c, updatedAt: _u, ...values } = row;
  return values;
}

/** Writes the company's one row of settings (inserted on the first save, the defaults until then). */
export async function saveSettings(tx: TDb, companyId: string, values: TSettingsValues): Promise<void> {
  await tx
    .insert(maintenanceEmailSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({
      target: maintenanceEmailSettings.companyId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** The saved recipients: people's ids and outside addresses, each in the order they were added. */
export async function recipientsOf(
  tx: TDb,
  companyId: string,
): Promise<{ userIds: string[]; emails: string[] }> {
  const rows = await tx
    .select()
    .from(maintenanceRecipients)
    .where(eq(maintenanceRecipients.companyId, companyId))
    .orderBy(asc(maintenanceRecipients.createdAt), asc(maintenanceRecipients.id));
  return {
    userIds: rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    emails: rows.flatMap((r) => (r.email ? [r.email] : [])),
  };
}

/** Replaces the recipients whole (the settings form sends them whole). */
export async function replaceRecipients(
  tx: TDb,
  companyId: string,
  userIds: string[],
  emails: string[],
): Promise<void> {
  await tx.delete(maintenanceRecipients).where(eq(maintenanceRecipients.companyId, companyId));
  const rows = [
    ...userIds.map((userId) => ({ id: uuidv7(), companyId, userId, email: null })),
    ...emails.map((email) => ({ id: uuidv7(), companyId, userId: null, email })),
  ];
  if (rows.length > 0) await tx.insert(maintenanceRecipients).values(rows);
}

/** The company's active people, by name: whom the settings may name, and who is mailed. */
export async function activePeople(tx: TDb, companyId: string): Promise<TMaintenancePerson[]> {
  return peopleWhere(tx, companyId);
}

/**
 * The company's active admins, by name: whom breakdown alerts reach while no recipient is chosen (decision 067).
 * `users.role` stays closed to the tenant role (migration 0034), so this one read steps back to the transaction's
 * login role and returns at once, as the tenant outbox does (decision 058); the company is named in the where.
 */
export function activeAdmins(tx: TDb, companyId: string): Promise<TMaintenancePerson[]> {
  return asLoginRole(tx, () => peopleWhere(tx, companyId, eq(users.role, 'admin')));
}

async function peopleWhere(tx: TDb, companyId: string, extra?: SQL): Promise<TMaintenancePerson[]> {
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true), isNotNull(users.email), extra))
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, users.email);
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim() || r.email,
    email: r.email,
  }));
}

/**
 * The addresses maintenance mail goes to now: the chosen people still active in the company (their current address)
 * and the outside addresses, each address once whatever its case.
 */
export async function recipientAddresses(tx: TDb, companyId: string): Promise<string[]> {
  const { userIds, emails } = await recipientsOf(tx, companyId);
  const chosen = new Set(userIds);
  const people = (await activePeople(tx, companyId)).filter((p) => chosen.has(p.id)).map((p) => p.email);
  const seen = new Set<string>();
  return [...people, ...emails].filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Who a breakdown alert reaches now (decision 067): the recipients chosen, or while none is chosen the company's
 * active admins (read at the report, so a new admin is told and one made inactive is not); nobody with alerts off.
 */
export async function breakdownAlertAudience(tx: TDb, companyId: string): Promise<TBreakdownAlertAudience> {
  const settings = await settingsOf(tx, companyId);
  if (!settings.breakdownAlerts) return { source: 'off', to: [] };
  const chosen = await recipientsOf(tx, companyId);
  if (chosen.userIds.length + chosen.emails.length > 0)
    return { source: 'recipients', to: await recipientAddresses(tx, companyId) };
  return { source: 'admins', to: (await activeAdmins(tx, companyId)).map((p) => p.email) };
}
