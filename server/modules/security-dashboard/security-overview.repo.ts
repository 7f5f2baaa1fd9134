// The overview's queries: sign-in outcomes in a range, their time series, the top failing addresses and accounts,
// MFA adoption per company. System tables read as the owner, across every company (sysadmins only, decision 020).
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, max, type SQL, sql } from 'drizzle-orm';
import type { TSecurityBucket, TSecurityRange } from '#common/security-range.ts';
import type { TDb } from '../../db/client.ts';
import type { TSecurityEventType } from '../../security/security-event-types.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { users } from '../auth/auth.tables.ts';
import { companies } from '../companies/companies.tables.ts';

/** The event types the overview counts. */
export const COUNTED_TYPES = [
  'sign_in_succeeded',
  'sign_in_failed',
  'rate_limited',
  'locked_out',
  'inactive_account_attempt',
] as const satisfies readonly TSecurityEventType[];
export type TCountedType = (typeof COUNTED_TYPES)[number];

function inRange(range: TSecurityRange): SQL {
  return and(gte(securityEvents.createdAt, range.from), lt(securityEvents.createdAt, range.to))!;
}

/**
 * The password step of a two-factor sign-in is recorded as `sign_in_succeeded` with `details.stage = 'password'`,
 * but no session starts until the second step: it is not a sign-in of its own.
 */
const isPasswordStage = sql`coalesce(${securityEvents.details}->>'stage', '') = 'password'`;

/** How many events of each counted type the range holds. */
export async function countByType(db: TDb, range: TSecurityRange): Promise<Record<TCountedType, number>> {
  const rows = await db
    .select({ type: securityEvents.type, n: count() })
    .from(securityEvents)
    .where(
      and(
        inRange(range),
        inArray(securityEvents.type, [...COUNTED_TYPES]),
        sql`not (${securityEvents.type} = 'sign_in_succeeded' and ${isPasswordStage})`,
      ),
    )
    .groupBy(securityEvents.type);
  const counts = Object.fromEntries(COUNTED_TYPES.map((type) => [type, 0])) as Record<TCountedType, number>;
  for (const row of rows) counts[row.type as TCountedType] = row.n;
  return counts;
}

/** Failed and rate-limited sign-ins per bucket, as epoch milliseconds of the bucket start (only non-empty ones). */
export async function failureCountsByBucket(
  db: TDb,
  range: TSecurityRange,
  bucket: TSecurityBucket,
): Promise<{ at: number; type: string; n: number }[]> {
  // A constant from a fixed set, never input: inlined so both drivers see the same plain numeric expression.
  const seconds = sql.raw(bucket === 'hour' ? '3600' : '86400');
  const start = sql<number>`(floor(extract(epoch from ${securityEvents.createdAt}) / ${seconds}) * ${seconds})::bigint`;
  const rows = await db
    .select({ start: start.mapWith(Number), type: securityEvents.type, n: count() })
    .from(securityEvents)
    .where(and(inRange(range), inArray(securityEvents.type, ['sign_in_failed', 'rate_limited'])))
    .groupBy(start, securityEvents.type);
  return rows.map((row) => ({ at: row.start * 1000, type: row.type, n: row.n }));
}

/** The client addresses with the most failed sign-ins in the range. */
export async function topFailingAddresses(
  db: TDb,
  range: TSecurityRange,
  limit: number,
): Promise<{ ip: string; count: number; lastAt: Date }[]> {
  const n = count();
  const rows = await db
    .select({ ip: securityEvents.ip, count: n, lastAt: max(securityEvents.createdAt) })
    .from(securityEvents)
    .where(and(inRange(range), eq(securityEvents.type, 'sign_in_failed'), isNotNull(securityEvents.ip)))
    .groupBy(securityEvents.ip)
    .orderBy(desc(n), asc(securityEvents.ip))
    .limit(limit);
  return rows.map((row) => ({ ip: row.ip!, count: row.count, lastAt: new Date(row.lastAt!) }));
}

/** The e-mail addresses with the most failed sign-ins in the range, with the account's company when it is one. */
export async function topFailingAccounts(
  db: TDb,
  range: TSecurityRange,
  limit: number,
): Promise<{ email: string; count: number; lastAt: Date; companyName: string | null }[]> {
  const n = count();
  const rows = await db
    .select({ email: securityEvents.email, count: n, lastAt: max(securityEvents.createdAt) })
    .from(securityEvents)
    .where(and(inRange(range), eq(securityEvents.type, 'sign_in_failed'), isNotNull(securityEvents.email)))
    .groupBy(securityEvents.email)
    .orderBy(desc(n), asc(securityEvents.email))
    .limit(limit);
  const emails = rows.map((row) => row.email!);
  const accounts = emails.length
    ? await db
        .select({ email: users.email, companyName: companies.name })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(inArray(users.email, emails))
    : [];
  const companyOf = new Map(accounts.map((a) => [a.email, a.companyName]));
  return rows.map((row) => ({
    email: row.email!,
    count: row.count,
    lastAt: new Date(row.lastAt!),
    companyName: companyOf.get(row.email!) ?? null,
  }));
}

const activeUsers = sql<number>`count(${users.id}) filter (where ${users.active})`.mapWith(Number);
/**
 * A second factor is TOTP or a passkey (one that verifies its person is two factors on its own: decision 089). The
 * subquery names its columns in full: Drizzle writes a one-table select's columns unqualified, and a bare "id" there
 * would be the passkey's.
 */
const hasPasskey = sql`exists (select 1 from passkeys where passkeys.user_id = users.id)`;
const activeUsersWithMfa = sql<number>`count(${users.id}) filter (where ${users.active}
  and (${users.twoFactorEnabled} is true or ${hasPasskey}))`.mapWith(Number);

/** A page of companies with their active users and how many of them use a second factor, lowest share first. */
export async function mfaAdoptionPage(
  db: TDb,
  page: number,
  pageSize: number,
): Promise<{
  items: { companyId: string; companyName: string; users: number; usersWithMfa: number }[];
  total: number;
}> {
  const [items, [totalRow]] = await Promise.all([
    db
      .select({
        companyId: companies.id,
        companyName: companies.name,
        users: activeUsers,
        usersWithMfa: activeUsersWithMfa,
      })
      .from(companies)
      .leftJoin(users, eq(users.companyId, companies.id))
      .groupBy(companies.id, companies.name)
      // Companies with nobody to protect last; then the lowest share first, bigger companies first among equals.
      .orderBy(
        sql`case when ${activeUsers} = 0 then 1 else 0 end`,
        sql`${activeUsersWithMfa}::float8 / greatest(${activeUsers}, 1)`,
        desc(activeUsers),
        asc(sql`lower(${companies.name})`),
        asc(companies.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(companies),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}

/** Active users of every company, and how many of them use a second factor. */
export async function mfaAdoptionTotals(db: TDb): Promise<{ users: number; usersWithMfa: number }> {
  const [row] = await db
    .select({ users: activeUsers, usersWithMfa: activeUsersWithMfa })
    .from(users)
    .where(isNotNull(users.companyId));
  return { users: row?.users ?? 0, usersWithMfa: row?.usersWithMfa ?? 0 };
}
