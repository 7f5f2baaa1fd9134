// Plans and occurrences for the PM calendar's tests (decision 059), written straight to the tables: the plans and
// occurrences API is another slice's, and the calendar only reads what they hold. Machines come through the API.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TDb } from '#server/db/client.ts';
import { users } from '#server/modules/auth/auth.tables.ts';
import { maintenanceOccurrences, maintenancePlans } from '#server/modules/maintenance/plans.tables.ts';
import { TEST_APP_URL, type TTestApp } from './test-app.ts';

export type TPlanSeed = Partial<typeof maintenancePlans.$inferInsert> & {
  companyId: string;
  machineId: string;
  title: string;
};
export type TOccurrenceSeed = Partial<typeof maintenanceOccurrences.$inferInsert>;

/** The company and id of a signed-in test user, by address. */
export async function userByEmail(db: TDb, email: string): Promise<{ id: string; companyId: string }> {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, email));
  if (!row?.companyId) throw new Error(`no user ${email}`);
  return { id: row.id, companyId: row.companyId };
}

/**
 * A plan (monthly, fixed, from `startOn`, unless told otherwise) and its open occurrence due at `open` (the start
 * when not given); returns both ids. `open: null` makes a plan with no open occurrence.
 */
export async function seedPlan(
  db: TDb,
  plan: TPlanSeed,
  open: TOccurrenceSeed | null = {},
): Promise<{ planId: string; occurrenceId: string | null }> {
  const planId = randomUUID();
  const row = {
    id: planId,
    mode: 'fixed',
    startOn: '2026-12-01',
    calendarEvery: 1,
    calendarUnit: 'month',
    checklist: [],
    ...plan,
  };
  await db.insert(maintenancePlans).values(row);
  if (open === null) return { planId, occurrenceId: null };
  const occurrenceId = await seedOccurrence(db, row, {
    dueOn: row.calendarEvery ? row.startOn : null,
    ...open,
  });
  return { planId, occurrenceId };
}

/** An occurrence of a plan: open unless told otherwise (completed ones get their completion instant). */
export async function seedOccurrence(
  db: TDb,
  plan: { id: string; companyId: string; machineId: string },
  occurrence: TOccurrenceSeed,
): Promise<string> {
  const id = randomUUID();
  const completed = occurrence.status === 'completed';
  await db.insert(maintenanceOccurrences).values({
    id,
    companyId: plan.companyId,
    planId: plan.id,
    machineId: plan.machineId,
    ...(completed ? { completedAt: new Date(`${occurrence.completedOn ?? '2026-11-01'}T12:00:00Z`) } : {}),
    ...occurrence,
  });
  return id;
}

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Requests as a signed-in browser sends them (work-orders-shop.ts's client, with PATCH and DELETE too). */
export function apiClient(t: TTestApp, cookie: string) {
  const send = (method: TMethod, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: TEST_APP_URL, cookie }, ...(payload ? { payload } : {}) });
  const ok = async (method: TMethod, url: string, payload?: object, status = 200) => {
    const response = await send(method, url, payload);
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  return { send, ok };
}
