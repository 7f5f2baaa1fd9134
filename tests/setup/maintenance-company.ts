// A company for maintenance reminder tests (decision 058): its admin signed in, its time zone set, the Maintenance
// area on, a machine made through the API, and its e-mail settings saved through the API.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TMaintenanceEmailSettingsInput } from '#common/schemas/maintenance-email.ts';
import { companies } from '#server/db/schema.ts';
import { findCompanyByName } from '#server/modules/companies/companies.repo.ts';
import { TEST_APP_URL, type TTestApp } from './test-app.ts';
import { client } from './work-orders-shop.ts';

export interface TMaintenanceCompany {
  companyId: string;
  machineId: string;
  admin: ReturnType<typeof client>;
}

/** `name` in `timeZone`, with one machine and the settings given (outside addresses by default). */
export async function maintenanceCompany(
  t: TTestApp,
  name: string,
  timeZone: string,
  settings: Partial<TMaintenanceEmailSettingsInput> = {},
): Promise<TMaintenanceCompany> {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '');
  const cookie = await t.signIn({ email: `admin@${slug}.example`, role: 'admin', companyName: name });
  const admin = client(t, cookie);
  const company = (await findCompanyByName(t.database.db, name))!;
  await t.database.db.update(companies).set({ timezone: timeZone }).where(eq(companies.id, company.id));
  const on = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie },
    payload: { enableMaintenanceFeature: true },
  });
  expect(on.statusCode, on.body).toBe(200);
  const machine = await admin.ok(
    'POST',
    '/api/v1/machines',
    { name: `${name} lathe`, assetTag: 'LT-1' },
    201,
  );
  await admin.ok('PUT', '/api/v1/maintenance/email-settings', {
    userIds: [],
    emails: [`pm@${slug}.example`],
    daysBefore: 0,
    overdueEveryDays: 1,
    breakdownAlerts: true,
    dailyDigest: false,
    digestHour: 7,
    ...settings,
  });
  return { companyId: company.id, machineId: machine.id, admin };
}
