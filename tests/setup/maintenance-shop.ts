// A company with the Maintenance area on, an admin and a technician, and helpers to add machines and plans through the
// API: the set-up of the maintenance plans' API tests, on an app whose clock the test moves.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { manualClock } from '#server/clock.ts';
import { users } from '#server/modules/auth/auth.tables.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from './test-app.ts';
import { client } from './work-orders-shop.ts';

export interface TMaintenanceShop {
  t: TTestApp;
  clock: ReturnType<typeof manualClock>;
  admin: ReturnType<typeof client>;
  technician: ReturnType<typeof client>;
  technicianId: string;
  /** A machine (name and tag from `tag`), its meter read at `reading` when given; returns its id. */
  machine: (tag: string, reading?: string) => Promise<string>;
  /** A plan's body: monthly, fixed, started `startOn`, on `machineId`; `extra` overrides. */
  plan: (machineId: string, startOn: string, extra?: object) => Record<string, unknown>;
  setMaintenance: (on: boolean) => Promise<void>;
}

/** The shop, its clock at `now` (an instant: noon UTC is the same day in the company's New York zone). */
export async function maintenanceShop(company: string, now: string): Promise<TMaintenanceShop> {
  const clock = manualClock(now);
  const t = await createTestApp({ clock });
  const slug = company.toLowerCase().replace(/\W+/g, '');
  const adminCookie = await t.signIn({ email: `ada@${slug}.example`, role: 'admin', companyName: company });
  const technicianEmail = `tom@${slug}.example`;
  const technician = client(
    t,
    await t.signIn({
      email: technicianEmail,
      role: 'user',
      companyName: company,
      firstName: 'Tom',
      lastName: 'Fixer',
    }),
  );
  const [tech] = await t.database.db.select().from(users).where(eq(users.email, technicianEmail));
  const admin = client(t, adminCookie);
  const setMaintenance = async (on: boolean) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/company/label-config',
      headers: { origin: TEST_APP_URL, cookie: adminCookie },
      payload: { enableMaintenanceFeature: on },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  await setMaintenance(true);
  return {
    t,
    clock,
    admin,
    technician,
    technicianId: tech!.id,
    setMaintenance,
    machine: async (tag, reading) => {
      const made = await admin.ok('POST', '/api/v1/machines', { name: `Machine ${tag}`, assetTag: tag }, 201);
      if (reading) await admin.ok('POST', `/api/v1/machines/${made.id}/meter-readings`, { reading });
      return made.id as string;
    },
    plan: (machineId, startOn, extra = {}) => ({
      machineId,
      title: 'Monthly lubrication',
      checklist: [{ text: 'Grease the slides' }, { text: 'Check the oil level' }],
      mode: 'fixed',
      startOn,
      calendarEvery: 1,
      calendarUnit: 'month',
      leadDays: 3,
      graceDays: 2,
      estimatedMinutes: 30,
      ...extra,
    }),
  };
}
