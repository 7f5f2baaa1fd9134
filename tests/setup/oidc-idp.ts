// An OpenID Connect identity provider in the test's own process (decision 086): oidc-provider, a certified
// implementation, on 127.0.0.1 at a free port, with one confidential client, people the test adds, and a login that
// needs no form (the test says who signs in next) or, for a browser (the e2e journey), a login form the test fills
// in as a person would. A test can also make the provider misbehave the ways an attacker
// or a broken provider would — an ID token for another audience or issuer, an expired one, a bad signature — by
// re-signing the token of a real token response with the provider's own key.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';

export const IDP_CLIENT_SECRET = 'a-long-client-secret-for-the-tests-0123456789';
const KID = 'test-signing-key';

export type TIdTokenFault = 'wrong-audience' | 'wrong-issuer' | 'expired' | 'bad-signature' | null;

export interface TIdpPerson {
  email: string;
  given_name?: string;
  family_name?: string;
}

export interface TTestIdp {
  issuer: string;
  origin: string;
  /**
   * Registers a confidential client (IDP_CLIENT_SECRET) allowed to come back to `redirectUri` — the redirect URL an
   * admin's provider answers, known only once it is saved. Register before the client's first sign-in.
   */
  addClient(clientId: string, redirectUri: string): void;
  /** Adds (or replaces) a person the provider knows, by subject. */
  addPerson(sub: string, person: TIdpPerson): void;
  /** Who the next login is (the provider's login page, filled in). */
  loginAs(sub: string): void;
  /** How the next token responses' ID token is spoiled (null: as issued). */
  fault: TIdTokenFault;
  /**
   * Follows the authorization URL as a browser would, through the login, to the redirect back to the app; answers
   * that redirect's URL (with code and state).
   */
  authorize(url: string, redirectUri: string): Promise<URL>;
  close(): Promise<void>;
}

/** What the provider stores (grants, sessions, codes, and the clients the test adds), in memory. */
function memoryAdapter(clients: Map<string, Record<string, unknown>>) {
  const rows = new Map<string, { payload: Record<string, unknown> }>();
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>) {
      rows.set(this.key(id), { payload });
    }
    async find(id: string) {
      if (this.model === 'Client') return clients.get(id);
      return rows.get(this.key(id))?.payload;
    }
    async findByUid(uid: string) {
      return [...rows.values()].find((r) => r.payload.uid === uid)?.payload;
    }
    async findByUserCode(code: string) {
      return [...rows.values()].find((r) => r.payload.userCode === code)?.payload;
    }
    async consume(id: string) {
      const row = rows.get(this.key(id));
      if (row) row.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      rows.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, row] of rows) if (row.payload.grantId === grantId) rows.delete(key);
    }
  };
}

/** How a test wants the provider: on a fixed port (the e2e server is told its origin at start), with a login form. */
export interface TTestIdpOptions {
  port?: number;
  /** With no `loginAs` pending, the login is a form asking for the person's e-mail (a browser's journey). */
  loginForm?: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's own login page: one field and a button, labelled, in English. */
function loginPage(action: string, error: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<main><h1>Sign in to the test identity provider</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="email">E-mail</label> <input id="email" name="email" type="email" autocomplete="username" required>
<button type="submit">Sign in</button></form></main></body></html>`;
}

/** The `email` field of a urlencoded form body. */
async function formEmail(request: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('email')?.trim().toLowerCase() ?? '';
}

export async function startTestIdp(options: TTestIdpOptions = {}): Promise<TTestIdp> {
  const server = createServer();
  // A taken port rejects (EADDRINUSE) rather than crash the process: the e2e specs wait for the fixed one.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const people = new Map<string, TIdpPerson>();
  let nextLogin: string | null = null;

  const clients = new Map<string, Record<string, unknown>>();
  const provider = new Provider(origin, {
    adapter: memoryAdapter(clients),
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-idp-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      const name = [person.given_name, person.family_name].filter(Boolean).join(' ');
      return { accountId: sub, claims: async () => ({ sub, email_verified: true, ...person, name }) };
    },
    // Consent is the provider's business, not the test's: every client gets what it asks.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  const idp: TTestIdp = {
    issuer: origin,
    origin,
    fault: null,
    addClient: (clientId, redirectUri) =>
      clients.set(clientId, {
        client_id: clientId,
        client_secret: IDP_CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      }),
    addPerson: (sub, person) => people.set(sub, person),
    loginAs: (sub) => {
      nextLogin = sub;
    },
    async authorize(url, redirectUri) {
      const jar = new Map<string, string>();
      let next = new URL(url);
      for (let hop = 0; hop < 10; hop += 1) {
        if (next.href.startsWith(redirectUri)) return next;
        const response = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair] = cookie.split(';');
          const eq = pair!.indexOf('=');
          jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        const location = response.headers.get('location');
        if (!location)
          throw new Error(
            `the provider stopped at ${next.href}: ${response.status} ${await response.text()}`,
          );
        next = new URL(location, next);
      }
      throw new Error('too many redirects at the provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  /** The ID token of a token response, spoiled as `fault` says, signed with the provider's own key. */
  async function spoil(idToken: string, fault: Exclude<TIdTokenFault, null>): Promise<string> {
    if (fault === 'bad-signature') {
      const [head, body, signature] = idToken.split('.');
      const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
      return `${head}.${body}.${flipped}`;
    }
    const claims = decodeJwt(idToken);
    const now = Math.floor(Date.now() / 1000);
    if (fault === 'wrong-audience') claims.aud = 'another-client';
    if (fault === 'wrong-issuer') claims.iss = 'https://impostor.example.com';
    if (fault === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KID }).sign(privateKey);
  }

  provider.use(async (ctx, next) => {
    const interaction = /^\/interaction\/([^/]+)$/.exec(ctx.path);
    const byForm = options.loginForm === true && nextLogin === null;
    if (interaction && ctx.method === 'GET' && byForm) {
      ctx.type = 'html';
      ctx.body = loginPage(ctx.path, null);
      return;
    }
    let accountId = nextLogin;
    if (interaction && ctx.method === 'POST' && byForm) {
      const email = await formEmail(ctx.req);
      accountId = [...people].find(([, person]) => person.email === email)?.[0] ?? null;
      if (!accountId) {
        ctx.type = 'html';
        ctx.body = loginPage(ctx.path, `No account for ${email}.`);
        return;
      }
    }
    if (interaction && (ctx.method === 'GET' || byForm)) {
      if (!accountId) throw new Error('the test did not say who signs in (loginAs)');
      const to = await provider.interactionResult(
        ctx.req,
        ctx.res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      ctx.status = 303;
      ctx.redirect(to);
      return;
    }
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && idp.fault && body?.id_token) {
      ctx.body = { ...body, id_token: await spoil(body.id_token, idp.fault) };
    }
  });
  server.on('request', provider.callback());
  return idp;
}
