// The cross-company cases of linked identities (decision 088: server/modules/identities/identities.routes.ts), spread
// into ROUTE_CASES of server/tenant-isolation.api.test.ts. The routes answer only about the caller's own account: B's
// admin never lists A's identities, unlinks one of A's by its id (404, A's stays), nor starts a link to A's provider.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accounts, users } from '../modules/auth/auth.tables.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const BASE = '/api/v1/user/identities';

export function identitiesCases({ app, a, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const db = () => app().database.db;
  /** Every account (sign-in method) of A's users, as stored: what must not change, and ids B must not see. */
  const aAccounts = () =>
    db()
      .select({ id: accounts.id, providerId: accounts.providerId, userId: accounts.userId })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.companyId, a().companyId))
      .orderBy(accounts.id);
  const untouched = async (probe: (aIds: string[]) => Promise<void>) => {
    const before = await aAccounts();
    expect(before.length).toBeGreaterThan(0);
    await probe(before.map((row) => row.id));
    expect(await aAccounts()).toEqual(before);
  };
  const sessionCase = (attempt: string, probe: (aIds: string[]) => Promise<void>): TRouteCase => ({
    kind: 'session',
    attempt,
    probe: () => untouched(probe),
  });

  return {
    [`GET ${BASE}`]: sessionCase("lists sign-in methods: B's own, none of A's ids", async (aIds) => {
      const response = await asB({ method: 'GET', url: BASE });
      expect(response.statusCode, response.body).toBe(200);
      for (const id of aIds) expect(response.body).not.toContain(id);
    }),
    [`GET ${BASE}/authorize`]: sessionCase(
      "starts a link: B's address has no provider of B's (404), never A's",
      async () => {
        const response = await asB({ method: 'GET', url: `${BASE}/authorize` });
        expect(response.statusCode, response.body).toBe(404);
      },
    ),
    [`POST ${BASE}/password`]: sessionCase(
      "sets a first password: B's own account (it has one: 409), A's untouched",
      async () => {
        const response = await asB({
          method: 'POST',
          url: `${BASE}/password`,
          payload: {
            password: 'Tangerine-Bicycle-Lantern-42',
            confirmPassword: 'Tangerine-Bicycle-Lantern-42',
          },
        });
        expect(response.statusCode, response.body).toBe(409);
      },
    ),
    [`DELETE ${BASE}/:id`]: sessionCase(
      "unlinks A's sign-in method by its id: 404, A's stays",
      async (aIds) => {
        const response = await asB({ method: 'DELETE', url: `${BASE}/${aIds[0]}` });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().error.code).toBe('IDENTITY_NOT_FOUND');
      },
    ),
  };
}
