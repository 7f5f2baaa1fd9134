// The client secret of a company's identity provider is stored encrypted (as better-auth stores TOTP secrets: its
// symmetricEncrypt with the session secret) in a column of its own, and never leaves the server. @better-auth/sso
// reads the secret from its provider's `oidcConfig` JSON with no hook to decrypt it, so better-auth's database
// adapter is wrapped: a provider row it reads gets the decrypted secret put into that JSON, in memory only.
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { mapVerificationWhere, verificationIdOf } from './sso-verification-ids.ts';

/** The key better-auth encrypts with (its context's `secretConfig`). */
export type TSecretKey = Parameters<typeof symmetricEncrypt>[0]['key'];

/** Encrypts a client secret for the `client_secret` column. */
export function encryptClientSecret(key: TSecretKey, secret: string): Promise<string> {
  return symmetricEncrypt({ key, data: secret });
}

/** The plugin's model name for providers. */
const PROVIDER_MODEL = 'ssoProvider';

type TRow = Record<string, unknown>;

/** A provider row as the plugin should see it: `oidcConfig` with the decrypted `clientSecret`. */
async function withSecret(row: TRow, key: () => Promise<TSecretKey>): Promise<TRow> {
  const { clientSecret, ...rest } = row;
  if (typeof rest.oidcConfig !== 'string' || typeof clientSecret !== 'string' || clientSecret === '')
    return rest;
  const config = JSON.parse(rest.oidcConfig) as TRow;
  try {
    config.clientSecret = await symmetricDecrypt({ key: await key(), data: clientSecret });
  } catch {
    // Encrypted with another session secret (SESSION_SECRET changed): the provider refuses the code exchange and
    // the sign-in ends with invalid_provider; the admin enters the secret again.
    return rest;
  }
  return { ...rest, oidcConfig: JSON.stringify(config) };
}

interface TReadArgs {
  model: string;
}

/** The adapter methods this wrapper touches; everything else passes through. */
interface TAdapterLike {
  create: (args: TReadArgs & { data: Record<string, unknown> } & Record<string, unknown>) => Promise<unknown>;
  findOne: (args: TReadArgs & Record<string, unknown>) => Promise<unknown>;
  findMany: (args: TReadArgs & Record<string, unknown>) => Promise<unknown[]>;
  transaction: (cb: (trx: TAdapterLike) => Promise<unknown>) => Promise<unknown>;
}

function wrap<A extends TAdapterLike>(adapter: A, key: () => Promise<TSecretKey>): A {
  return {
    ...adapter,
    // The SAML replay guard's verification ids (sso-verification-ids.ts).
    create: (args) =>
      adapter.create(
        args.model === 'verification' && typeof args.data.id === 'string'
          ? { ...args, data: { ...args.data, id: verificationIdOf(args.data.id) } }
          : args,
      ),
    async findOne(args) {
      const row = await adapter.findOne(
        args.model === 'verification'
          ? { ...args, where: mapVerificationWhere(args.where as Parameters<typeof mapVerificationWhere>[0]) }
          : args,
      );
      return args.model === PROVIDER_MODEL && row ? withSecret(row as TRow, key) : row;
    },
    async findMany(args) {
      const rows = await adapter.findMany(args);
      return args.model === PROVIDER_MODEL
        ? Promise.all(rows.map((row) => withSecret(row as TRow, key)))
        : rows;
    },
    // A transaction's adapter is a new one: wrap it too (the SSO callback links accounts inside one).
    transaction: (cb) => adapter.transaction((trx) => cb(wrap(trx, key))),
  };
}

/**
 * Wraps a better-auth adapter factory (drizzleAdapter(...)) so provider rows are read with their secret. `key` is
 * asked for lazily: better-auth's context, which holds it, exists only after the factory was passed in.
 */
export function withSsoSecrets<O, A>(factory: (options: O) => A, key: () => Promise<TSecretKey>) {
  return (options: O): A => wrap(factory(options) as unknown as TAdapterLike, key) as unknown as A;
}
