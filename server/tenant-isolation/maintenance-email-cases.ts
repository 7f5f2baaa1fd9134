// The cross-company cases of the maintenance e-mail settings (decision 058, server/modules/maintenance/
// email-settings.routes.ts), spread into ROUTE_CASES of server/tenant-isolation.api.test.ts. A's admin saves A's
// settings once (A's own people and an outside address of A's). B's Maintenance area is switched on around each
// probe (and off again after, as the label-configuration case expects it). B never sees A's people, cannot name one
// of them as a recipient (404 naming the field, with the words of a person who is nowhere, nothing saved in B or A),
// and B's test e-mail goes to B's recipients only.
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { MAINTENANCE_EMAIL_MESSAGES as M } from '#common/schemas/maintenance-email.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { mailOutbox } from '../mail/mail.tables.ts';
import { users } from '../modules/auth/auth.tables.ts';
import { companySettings } from '../modules/companies/companies.tables.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const URL = '/api/v1/maintenance/email-settings';
const A_OUTSIDE = 'a-secret-contractor@a-maint.example';

export function maintenanceEmailCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  let saved: Promise<{ people: { id: string; email: string }[] }> | undefined;
  /** A's people, and A's settings saved once by A's admin naming them all and an outside address. */
  const aSaved = () => {
    saved ??= (async () => {
      const people = await app()
        .database.db.select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.companyId, a().companyId), eq(users.active, true)));
      await client(app(), a().cookie).ok('PUT', URL, {
        userIds: people.map((p) => p.id),
        emails: [A_OUTSIDE],
        daysBefore: 4,
        overdueEveryDays: 2,
        breakdownAlerts: true,
        dailyDigest: false,
        digestHour: 7,
      });
      return { people };
    })();
    return saved;
  };
  /** A's settings as A reads them: the thing that must not change. */
  const aView = () => client(app(), a().cookie).ok('GET', URL);
  const noneOfA = (body: string, people: { email: string }[]) => {
    for (const secret of [A_OUTSIDE, ...people.map((p) => p.email)]) expect(body).not.toContain(secret);
  };
  const withMaintenanceForB = async (probe: () => Promise<void>) => {
    const on = (enableMaintenanceFeature: boolean) =>
      app()
        .database.db.update(companySettings)
        .set({ enableMaintenanceFeature })
        .where(eq(companySettings.companyId, b().companyId));
    await on(true);
    try {
      await probe();
    } finally {
      await on(false);
    }
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe: () => withMaintenanceForB(probe),
  });
  const bSettings = (userIds: string[]) => ({
    userIds,
    emails: ['b-maint@b-company.example'],
    daysBefore: 1,
    overdueEveryDays: 1,
    breakdownAlerts: false,
    dailyDigest: true,
    digestHour: 9,
  });

  return {
    [`GET ${URL}`]: tenantCase("reads the settings: B's own, never A's people or addresses", async () => {
      const { people } = await aSaved();
      const response = await asB({ method: 'GET', url: URL });
      expect(response.statusCode, response.body).toBe(200);
      noneOfA(response.body, people);
      const ids = response.json().people.map((p: { id: string }) => p.id);
      expect(ids.some((id: string) => people.some((p) => p.id === id))).toBe(false);
    }),
    [`PUT ${URL}`]: tenantCase(
      "names A's people as recipients: 404 naming userIds, nothing saved in B, A's settings as they were",
      async () => {
        const { people } = await aSaved();
        const before = await aView();
        const bBefore = (await asB({ method: 'GET', url: URL })).json();
        for (const person of people) {
          const response = await asB({ method: 'PUT', url: URL, payload: bSettings([person.id]) });
          expect(response.statusCode, response.body).toBe(404);
          expect(response.json().error.message).toBe(M.userNotFound);
          expect(response.json().error.fieldErrors).toMatchObject({ 'userIds.0': M.userNotFound });
          noneOfA(response.body, people);
        }
        expect((await asB({ method: 'GET', url: URL })).json()).toEqual(bBefore);
        expect(await aView()).toEqual(before);
        // B's own settings, with nobody of A's, save.
        const own = await asB({ method: 'PUT', url: URL, payload: bSettings([]) });
        expect(own.statusCode, own.body).toBe(200);
      },
    ),
    [`POST ${URL}/test`]: tenantCase("sends a test e-mail: to B's recipients only, never A's", async () => {
      const { people } = await aSaved();
      const toA = async () =>
        (
          await app()
            .database.db.select({ n: sql<number>`count(*)::int` })
            .from(mailOutbox)
            .where(eq(mailOutbox.toAddress, A_OUTSIDE))
        )[0]!.n;
      const before = await toA();
      await asB({ method: 'PUT', url: URL, payload: bSettings([]) });
      const response = await asB({ method: 'POST', url: `${URL}/test` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ sentTo: ['b-maint@b-company.example'] });
      noneOfA(response.body, people);
      expect(await toA()).toBe(before);
    }),
  };
}
