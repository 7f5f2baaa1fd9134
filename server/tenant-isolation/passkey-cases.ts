// The cross-company cases of passkeys (decision 089: server/modules/passkeys/passkeys.routes.ts), spread into
// ROUTE_CASES of server/tenant-isolation.api.test.ts. A's admin registers a passkey (real WebAuthn data from the
// software authenticator); B's admin never lists it, never renames or removes it by id (404, A's row stays), never gets it named
// in a challenge, and cannot sign in as A by naming A's credential with a key of B's.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { newCredential, TestBrowser } from '../../tests/setup/passkey-client.ts';
import type { SoftwareCredential } from '../../tests/setup/webauthn-authenticator.ts';
import { passkeys } from '../modules/passkeys/passkeys.tables.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const PASSKEYS = '/api/v1/auth/passkeys';
const A_NAME = 'A-secret-passkey';

/** The name=value pairs of a response's Set-Cookie headers. */
const cookiesOf = (headers: Record<string, unknown>) =>
  ([headers['set-cookie'] ?? []].flat() as string[])
    .map((h) => h.split(';')[0]!)
    .filter((p) => !p.endsWith('='));

export function passkeyCases({ app, a, b, send, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const db = () => app().database.db;
  let made: Promise<{ id: string; credential: SoftwareCredential; credentialId: string }> | undefined;
  const aWorld = () => {
    made ??= (async () => {
      const credential = newCredential();
      const { id } = await new TestBrowser(app(), a().cookie).registerPasskey(credential, A_NAME);
      const [row] = await db().select().from(passkeys).where(eq(passkeys.id, id));
      return { id, credential, credentialId: row!.credentialID };
    })();
    return made;
  };
  const aRows = async () =>
    db()
      .select()
      .from(passkeys)
      .where(eq(passkeys.id, (await aWorld()).id));
  const untouched = async (probe: (world: Awaited<ReturnType<typeof aWorld>>) => Promise<void>) => {
    const world = await aWorld();
    const before = await aRows();
    await probe(world);
    expect(await aRows()).toEqual(before);
  };
  const noneOfA = (body: string, world: { id: string; credentialId: string }) => {
    for (const secret of [A_NAME, world.id, world.credentialId]) expect(body).not.toContain(secret);
  };
  const sessionCase = (attempt: string, probe: Parameters<typeof untouched>[0]): TRouteCase => ({
    kind: 'session',
    attempt,
    probe: () => untouched(probe),
  });
  const publicCase = (attempt: string, probe: Parameters<typeof untouched>[0]): TRouteCase => ({
    kind: 'public',
    attempt,
    probe: () => untouched(probe),
  });
  /** B's options request, then a second request of B's browser with the challenge cookie it was given. */
  const withChallenge = async (optionsUrl: string) => {
    const options = await asB({ method: 'POST', url: optionsUrl, payload: {} });
    const cookie = [b().cookie, ...cookiesOf(options.headers)].join('; ');
    return { options, cookie };
  };

  return {
    [`POST ${PASSKEYS}/registration-options`]: sessionCase(
      "asks to add a passkey: the challenge excludes B's own passkeys only, none of A's",
      async (world) => {
        const response = await asB({ method: 'POST', url: `${PASSKEYS}/registration-options`, payload: {} });
        expect(response.statusCode).toBe(200);
        noneOfA(response.body, world);
      },
    ),
    [`POST ${PASSKEYS}`]: sessionCase(
      "registers a passkey: it is B's own, A's list unchanged",
      async (world) => {
        const { options, cookie } = await withChallenge(`${PASSKEYS}/registration-options`);
        const response = await send({
          method: 'POST',
          url: PASSKEYS,
          cookie,
          payload: { name: 'B passkey', response: newCredential().register(options.json()) },
        });
        expect(response.statusCode).toBe(201);
        noneOfA(response.body, world);
        const aList = await send({ method: 'GET', url: PASSKEYS, cookie: a().cookie });
        expect(aList.body).not.toContain('B passkey');
      },
    ),
    [`GET ${PASSKEYS}`]: sessionCase("lists passkeys: none of A's", async (world) => {
      const response = await asB({ method: 'GET', url: PASSKEYS });
      expect(response.statusCode).toBe(200);
      noneOfA(response.body, world);
    }),
    [`PATCH ${PASSKEYS}/:id`]: sessionCase(
      "renames A's passkey by id: 404, A's name stays",
      async (world) => {
        const response = await asB({
          method: 'PATCH',
          url: `${PASSKEYS}/${world.id}`,
          payload: { name: 'Renamed by B' },
        });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain(A_NAME);
      },
    ),
    [`DELETE ${PASSKEYS}/:id`]: sessionCase("removes A's passkey by id: 404, A's stays", async (world) => {
      const response = await asB({ method: 'DELETE', url: `${PASSKEYS}/${world.id}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(A_NAME);
    }),
    'POST /api/v1/auth/passkey/options': publicCase(
      "asks for sign-in options: none of A's credentials named",
      async (world) => {
        const response = await asB({ method: 'POST', url: '/api/v1/auth/passkey/options', payload: {} });
        expect(response.statusCode).toBe(200);
        noneOfA(response.body, world);
      },
    ),
    'POST /api/v1/auth/passkey/sign-in': publicCase(
      "signs in naming A's credential with a key of B's: 400, no session",
      async (world) => {
        const { options, cookie } = await withChallenge('/api/v1/auth/passkey/options');
        const forged = newCredential().authenticate(options.json());
        const response = await send({
          method: 'POST',
          url: '/api/v1/auth/passkey/sign-in',
          cookie,
          payload: { response: { ...forged, id: world.credentialId, rawId: world.credentialId } },
        });
        expect(response.statusCode).toBe(400);
        expect(cookiesOf(response.headers).some((c) => c.startsWith('fb.session_token='))).toBe(false);
        expect(response.body).not.toContain(a().companyId);
      },
    ),
    'POST /api/v1/auth/two-factor/passkey/options': publicCase(
      "asks for A's second-factor options without A's password step: 401",
      async (world) => {
        const response = await asB({
          method: 'POST',
          url: '/api/v1/auth/two-factor/passkey/options',
          payload: {},
        });
        expect(response.statusCode).toBe(401);
        noneOfA(response.body, world);
      },
    ),
    'POST /api/v1/auth/two-factor/passkey': publicCase(
      "answers a second factor with A's passkey without A's password step: 401",
      async (world) => {
        const response = await asB({
          method: 'POST',
          url: '/api/v1/auth/two-factor/passkey',
          payload: { response: world.credential.authenticate({ challenge: 'AAAA' }) },
        });
        expect(response.statusCode).toBe(401);
      },
    ),
  };
}
