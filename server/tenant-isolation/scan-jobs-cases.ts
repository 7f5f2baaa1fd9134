// The cross-company cases of kiosks and badges (decision 083: server/modules/kiosks/*.routes.ts), spread into
// ROUTE_CASES of server/tenant-isolation.api.test.ts. A has a kiosk, a person with a live badge and an open job; B —
// its admin by session, or a kiosk of B's by its key — naming A's kiosk, A's person, A's badge or A's job in a path or
// a body gets a 404 (or 401 for A's kiosk key guessed), and A's kiosks, badges and time stay exactly as they were.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { KIOSK_KEY_HEADER } from '#common/schemas/kiosks.ts';
import { TEST_APP_URL } from '../../tests/setup/test-app.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { jobs } from '../modules/jobs/jobs.tables.ts';
import { digest, newBadgeCode } from '../modules/kiosks/kiosk-secrets.ts';
import { badges, kiosks } from '../modules/kiosks/kiosks.tables.ts';
import { timeEntries } from '../modules/time/time.tables.ts';
import type { TCaseHelpers, TRequest, TRouteCase } from './route-case.ts';

const A_JOB_NAME = 'A secret kiosk job';
const A_KIOSK_NAME = 'A secret kiosk';

export function scanJobsCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const db = () => app().database.db;
  /** A badge of `userId` in `companyId`, written as printing writes it; returns the code the label would carry. */
  const badgeOf = async (companyId: string, userId: string) => {
    const code = newBadgeCode();
    await db()
      .update(badges)
      .set({ revokedAt: new Date(), revokedBy: 'isolation test' })
      .where(eq(badges.userId, userId));
    await db()
      .insert(badges)
      .values({
        id: uuidv7(),
        companyId,
        userId,
        codeHash: digest(code),
        hint: code.slice(-4),
        createdBy: 'test',
      });
    return code;
  };
  const jobOf = async (companyId: string, number: number, name: string) => {
    const id = uuidv7();
    await db().insert(jobs).values({ id, companyId, number, name, createdBy: 'Isolation test' });
    return id;
  };
  let aMade: Promise<{ userId: string; kioskId: string; key: string; badge: string }> | undefined;
  const aWorld = () => {
    aMade ??= (async () => {
      const { ok } = client(app(), a().cookie);
      const userId = (await ok('GET', '/api/v1/session')).user.id as string;
      await jobOf(a().companyId, 801, A_JOB_NAME);
      const made = await ok('POST', '/api/v1/kiosks', { name: A_KIOSK_NAME }, 201);
      return { userId, kioskId: made.kiosk.id, key: made.key, badge: await badgeOf(a().companyId, userId) };
    })();
    return aMade;
  };
  let bMade: Promise<{ userId: string; key: string; badge: string }> | undefined;
  const bWorld = () => {
    bMade ??= (async () => {
      const { ok } = client(app(), b().cookie);
      const userId = (await ok('GET', '/api/v1/session')).user.id as string;
      await jobOf(b().companyId, 802, 'B own kiosk job');
      const made = await ok('POST', '/api/v1/kiosks', { name: 'B own kiosk' }, 201);
      return { userId, key: made.key, badge: await badgeOf(b().companyId, userId) };
    })();
    return bMade;
  };
  /** A's kiosks, badges and time entries as they stand. */
  const aState = async () => {
    await aWorld();
    const companyId = a().companyId;
    return {
      kiosks: await db().select().from(kiosks).where(eq(kiosks.companyId, companyId)),
      badges: await db().select().from(badges).where(eq(badges.companyId, companyId)),
      entries: await db().select().from(timeEntries).where(eq(timeEntries.companyId, companyId)),
    };
  };
  const refused = async (request: Omit<TRequest, 'cookie'>, status = 404) => {
    const before = await aState();
    const response = await asB(request);
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(status);
    expect(response.body).not.toContain(A_KIOSK_NAME);
    expect(response.body).not.toContain(A_JOB_NAME);
    expect(await aState()).toEqual(before);
  };
  /** As a kiosk device: no session, the key in its header. */
  const asKiosk = async (key: string, request: Omit<TRequest, 'cookie'>, status: number) => {
    const before = await aState();
    const response = await app().app.inject({
      method: request.method,
      url: request.url,
      headers: { origin: TEST_APP_URL, [KIOSK_KEY_HEADER]: key },
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(status);
    expect(response.body).not.toContain(A_KIOSK_NAME);
    expect(response.body).not.toContain(A_JOB_NAME);
    expect(await aState()).toEqual(before);
    return response;
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe,
  });
  /** A's kiosk's id with a secret B made up: what B could guess. */
  const guessedKey = async () => `${(await aWorld()).kioskId}.${'A'.repeat(43)}`;

  return {
    'GET /api/v1/kiosks': tenantCase("lists kiosks: B's own only, never A's", async () => {
      await aWorld();
      const response = await asB({ method: 'GET', url: '/api/v1/kiosks?pageSize=100' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(A_KIOSK_NAME);
    }),
    'POST /api/v1/kiosks': tenantCase("sets up a kiosk: B's own, A's list unchanged", async () => {
      const before = await aState();
      const response = await asB({ method: 'POST', url: '/api/v1/kiosks', payload: { name: 'B tablet' } });
      expect(response.statusCode).toBe(201);
      expect((await aState()).kiosks).toEqual(before.kiosks);
    }),
    'POST /api/v1/kiosks/:id/revoke': tenantCase(
      "revokes A's kiosk: 404, A's kiosk still works",
      async () => {
        await refused({ method: 'POST', url: `/api/v1/kiosks/${(await aWorld()).kioskId}/revoke` });
      },
    ),
    'GET /api/v1/users/:id/badge': tenantCase("reads A's person's badge: 404", async () => {
      await refused({ method: 'GET', url: `/api/v1/users/${(await aWorld()).userId}/badge` });
    }),
    'POST /api/v1/users/:id/badge/print': tenantCase(
      "prints A's person a badge: 404, A's badge still live",
      async () => {
        const formats = await asB({ method: 'GET', url: '/api/v1/label-formats' });
        const formatId = formats.json().items[0].id as string;
        await refused({
          method: 'POST',
          url: `/api/v1/users/${(await aWorld()).userId}/badge/print`,
          payload: { formatId, output: 'roll', dpi: 203 },
        });
      },
    ),
    'POST /api/v1/users/:id/badge/revoke': tenantCase(
      "revokes A's person's badge: 404, still live",
      async () => {
        await refused({ method: 'POST', url: `/api/v1/users/${(await aWorld()).userId}/badge/revoke` });
      },
    ),
    'GET /api/v1/kiosk': tenantCase("reads A's kiosk by its id and a guessed secret: 401", async () => {
      await asKiosk(await guessedKey(), { method: 'GET', url: '/api/v1/kiosk' }, 401);
    }),
    'POST /api/v1/kiosk/badge': tenantCase(
      "scans A's badge on B's kiosk: 404; B's badge on A's kiosk with a guessed key: 401",
      async () => {
        const A = await aWorld();
        const B = await bWorld();
        await asKiosk(
          B.key,
          { method: 'POST', url: '/api/v1/kiosk/badge', payload: { badge: A.badge } },
          404,
        );
        await asKiosk(
          await guessedKey(),
          { method: 'POST', url: '/api/v1/kiosk/badge', payload: { badge: B.badge } },
          401,
        );
      },
    ),
    'POST /api/v1/kiosk/clock-in': tenantCase(
      "clocks A's person in on B's kiosk, or B's person onto A's job: 404, no clock moves",
      async () => {
        const A = await aWorld();
        const B = await bWorld();
        await asKiosk(
          B.key,
          { method: 'POST', url: '/api/v1/kiosk/clock-in', payload: { badge: A.badge, code: 'JOB-000802' } },
          404,
        );
        await asKiosk(
          B.key,
          { method: 'POST', url: '/api/v1/kiosk/clock-in', payload: { badge: B.badge, code: 'JOB-000801' } },
          404,
        );
      },
    ),
    'POST /api/v1/kiosk/clock-out': tenantCase("clocks A's person out on B's kiosk: 404", async () => {
      const A = await aWorld();
      const B = await bWorld();
      await asKiosk(
        B.key,
        { method: 'POST', url: '/api/v1/kiosk/clock-out', payload: { badge: A.badge } },
        404,
      );
    }),
  };
}
