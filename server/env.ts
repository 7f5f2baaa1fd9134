// The configuration: every environment variable the server reads, parsed once with zod at start-up.
import { z } from 'zod';
import { PASSWORD_HASH_PARAMS } from './modules/auth/password-hash.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * TRUST_PROXY: unset or "false" trusts no proxy (the client address is the socket's); "true" trusts every hop
 * (only behind a proxy that strips X-Forwarded-For); a number trusts that many hops; otherwise a comma list of
 * proxy addresses or CIDR ranges.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .min(1)
  .transform((v): boolean | number | string[] => {
    if (v === 'false') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v.split(',').map((s) => s.trim());
  })
  .refine((v) => !Array.isArray(v) || v.every((s) => /^[0-9a-fA-F.:/]+$/.test(s)), {
    message: 'Use false, true, a number of hops, or a comma list of IP addresses or CIDR ranges',
  });

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ message: 'Must be a port number' }).int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  // Where the built web app is served from (scripts/build-web.ts writes it); each end-to-end run has its own.
  WEB_DIST_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .url({ message: 'Must be a postgres:// URL' })
    .refine((v) => /^postgres(ql)?:\/\//.test(v), { message: 'Must be a postgres:// URL' })
    .optional(),
  // Connections each pool (the owner's and the tenants') may open to PostgreSQL: one per request being served at once.
  // 10 suits a small shop; more when many people post at once, within the server's max_connections over instances.
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'Must be a whole number from 1 to 200' })
    .int({ message: 'Must be a whole number from 1 to 200' })
    .min(1, { message: 'Must be a whole number from 1 to 200' })
    .max(200, { message: 'Must be a whole number from 1 to 200' })
    .default(10),
  APP_URL: z.url({ message: 'Must be the public origin, such as https://forgeboard.example.com' }).optional(),
  SMTP_URL: z
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), { message: 'Must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Forgeboard <no-reply@forgeboard.local>'),
  // A minute at most: the poll is how a dead instance's tasks and retries coming due are found (decision 034).
  QUEUE_POLL_INTERVAL_MS: z.coerce
    .number({ message: 'Must be a number of milliseconds' })
    .int({ message: 'Must be a whole number of milliseconds' })
    .min(100, { message: 'Must be at least 100 milliseconds' })
    .max(60_000, { message: 'Must be at most a minute (60000)' })
    .default(1000),
  // How often each instance's maintenance scheduler looks for reminders to send (decision 058). A second at least so
  // tests can run it fast; a day at most, since a reminder is never later than one interval after it is due.
  MAINTENANCE_SCAN_INTERVAL_MS: z.coerce
    .number({ message: 'Must be a number of milliseconds' })
    .int({ message: 'Must be a whole number of milliseconds' })
    .min(1000, { message: 'Must be at least a second (1000)' })
    .max(86_400_000, { message: 'Must be at most a day (86400000)' })
    .default(300_000),
  SESSION_SECRET: z.string().min(32, { message: 'Must be at least 32 characters' }).optional(),
  TRUST_PROXY: ZTrustProxy.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  // log2 of scrypt's N for new password hashes. Only a test server goes below OWASP's 17 (thousands of test
  // sign-ins at 0.4-1.5 s of a core each were a third of the test run); production refuses it (loadConfig).
  PASSWORD_HASH_COST: z.coerce
    .number({ message: 'Must be a whole number from 12 to 20' })
    .int({ message: 'Must be a whole number from 12 to 20' })
    .min(12, { message: 'Must be a whole number from 12 to 20' })
    .max(20, { message: 'Must be a whole number from 12 to 20' })
    .default(PASSWORD_HASH_PARAMS.logN),
  // A file holding the instant the app takes as now (server/clock.ts): test servers only, refused in production.
  APP_CLOCK_FILE: z.string().min(1).optional(),
  // Single sign-on (decision 086): the DNS servers that prove a company's domain (its TXT record); unset uses the
  // system's resolver.
  SSO_DNS_SERVERS: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()))
    .refine((v) => v.every((s) => /^(\[[0-9a-fA-F:]+\]|[0-9.]+)(:\d{1,5})?$/.test(s)), {
      message: 'Use a comma list of IP addresses, each with an optional :port',
    })
    .optional(),
  // Identity providers on private addresses (an in-house IdP, the tests' own): their origins, comma-separated.
  // better-auth's SSO refuses to call a provider that is not publicly routable unless its origin is trusted.
  SSO_TRUSTED_IDP_ORIGINS: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim().replace(/\/+$/, '')))
    .refine((v) => v.every((s) => /^https?:\/\/[^/\s]+$/.test(s)), {
      message: 'Use a comma list of origins, such as https://idp.internal:8443',
    })
    .optional(),
});

/** The parsed configuration the server runs with. */
export interface TConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** The built web app's folder; undefined serves dist/web. */
  webDistDir: string | undefined;
  databaseUrl: string | undefined;
  /** Connections each PostgreSQL pool may open (the owner's and the tenants'). */
  databasePoolSize: number;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How often the task worker looks for due work besides being woken by NOTIFY (retries, dead workers' tasks). */
  queuePollIntervalMs: number;
  /** How often the maintenance scheduler runs a pass on this instance (decision 058). */
  maintenanceScanIntervalMs: number;
  sessionSecret: string | undefined;
  trustProxy: boolean | number | string[];
  logLevel: (typeof LOG_LEVELS)[number];
  /** log2 of scrypt's N for new password hashes (17 unless a test server asks for less). */
  passwordHashCost: number;
  /** Where a test server reads the app's clock from (server/clock.ts); undefined reads the system clock. */
  appClockFile: string | undefined;
  /** The DNS servers that look up domain proofs (decision 086); empty uses the system's. */
  ssoDnsServers: string[];
  /** Origins of identity providers on private addresses that single sign-on may call (decision 086). */
  ssoTrustedIdpOrigins: string[];
}

/** Thrown when a variable is wrong; the message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment, or throws a ConfigError naming each bad variable and what it must be. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  // An empty variable counts as unset, as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // The queue's poll was JOBS_POLL_INTERVAL_MS until 'jobs' became the shop's jobs (decision 079): an installation
  // that still sets the old name keeps its interval.
  if (cleaned.QUEUE_POLL_INTERVAL_MS === undefined && cleaned.JOBS_POLL_INTERVAL_MS !== undefined)
    cleaned.QUEUE_POLL_INTERVAL_MS = cleaned.JOBS_POLL_INTERVAL_MS;
  const parsed = ZEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.PASSWORD_HASH_COST < PASSWORD_HASH_PARAMS.logN) {
    throw new ConfigError(
      `Invalid configuration:\n  PASSWORD_HASH_COST: Must be at least ${PASSWORD_HASH_PARAMS.logN} in production`,
    );
  }
  if (e.NODE_ENV === 'production' && e.APP_CLOCK_FILE) {
    throw new ConfigError('Invalid configuration:\n  APP_CLOCK_FILE: Must not be set in production');
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    webDistDir: e.WEB_DIST_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    queuePollIntervalMs: e.QUEUE_POLL_INTERVAL_MS,
    maintenanceScanIntervalMs: e.MAINTENANCE_SCAN_INTERVAL_MS,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    passwordHashCost: e.PASSWORD_HASH_COST,
    appClockFile: e.APP_CLOCK_FILE,
    ssoDnsServers: e.SSO_DNS_SERVERS ?? [],
    ssoTrustedIdpOrigins: e.SSO_TRUSTED_IDP_ORIGINS ?? [],
  };
}
