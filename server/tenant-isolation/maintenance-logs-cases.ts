// The cross-company cases of the maintenance logs (server/modules/maintenance/logs.routes.ts), spread into ROUTE_CASES
// of server/tenant-isolation.api.test.ts. Company A has a machine with a resolved breakdown whose words are secret,
// written into its history through the tables (the logs read history; the routes that write it have their own
// cases). B, with its Maintenance area switched on around each probe, lists, exports and reports over every day A's
// breakdown touched: nothing of A's comes back, and naming A's machine is 404 naming machineId, as for a machine
// nowhere.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { MAINTENANCE_LOGS_MESSAGES } from '#common/schemas/maintenance-logs.ts';
import { maintenanceHistory } from '../../tests/setup/maintenance-history.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { companySettings } from '../modules/companies/companies.tables.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const A_PROBLEM = 'A secret spindle failure';
const A_MACHINE = 'A secret borer';
const PERIOD = 'from=2027-06-01&to=2027-06-30';

export function maintenanceLogsCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  let made: Promise<string> | undefined;
  /** A's machine with a breakdown in June 2027. */
  const aMachine = () => {
    made ??= (async () => {
      const machine = await client(app(), a().cookie).ok(
        'POST',
        '/api/v1/machines',
        { name: A_MACHINE, assetTag: 'A-LOG-1' },
        201,
      );
      const history = maintenanceHistory(app().database.db);
      await history.status(machine.id, '2027-06-10T08:00:00Z', 'down');
      await history.status(machine.id, '2027-06-10T12:00:00Z', 'running');
      await history.breakdown(
        machine.id,
        9001,
        A_PROBLEM,
        '2027-06-10T08:00:00Z',
        '2027-06-10T12:00:00Z',
        200,
      );
      return machine.id as string;
    })();
    return made;
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
  const noneOfA = (body: string) => {
    for (const secret of [A_PROBLEM, A_MACHINE, 'A-LOG-1']) expect(body).not.toContain(secret);
  };
  /** B over A's month: its own (empty) logs; naming A's machine or one nowhere: 404 naming machineId. */
  const probe = (url: string, check: (body: string) => void) => async () =>
    withMaintenanceForB(async () => {
      const A = await aMachine();
      const own = await asB({ method: 'GET', url: `${url}?${PERIOD}` });
      expect(own.statusCode, own.body).toBe(200);
      noneOfA(own.body);
      check(own.body);
      for (const id of [A, randomUUID()]) {
        const refused = await asB({ method: 'GET', url: `${url}?${PERIOD}&machineId=${id}` });
        expect(refused.statusCode, refused.body).toBe(404);
        expect(refused.json().error.fieldErrors).toEqual({
          machineId: MAINTENANCE_LOGS_MESSAGES.machineNotFound,
        });
        noneOfA(refused.body);
      }
    });

  return {
    'GET /api/v1/maintenance/logs': {
      kind: 'tenant',
      attempt: "lists the logs over A's breakdown, and names A's machine: B's nothing, 404 naming machineId",
      probe: probe('/api/v1/maintenance/logs', (body) => expect(JSON.parse(body).total).toBe(0)),
    },
    'GET /api/v1/maintenance/logs/export.csv': {
      kind: 'tenant',
      attempt: "exports the logs over A's breakdown: the header alone; A's machine: 404 naming machineId",
      probe: probe('/api/v1/maintenance/logs/export.csv', (body) =>
        expect(
          body
            .replace(/^\uFEFF/, '')
            .trim()
            .split(/\r?\n/),
        ).toHaveLength(1),
      ),
    },
    'GET /api/v1/maintenance/logs/report': {
      kind: 'tenant',
      attempt: "reports MTBF over A's breakdown: no failure counted in B; A's machine: 404 naming machineId",
      probe: probe('/api/v1/maintenance/logs/report', (body) =>
        expect(JSON.parse(body).totals).toMatchObject({ failures: 0, repairs: 0 }),
      ),
    },
  };
}
