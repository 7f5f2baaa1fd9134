// The system tables (mail outbox, rate-limit buckets, security events) are closed to a tenant's transaction.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { consumeRateLimit } from '../security/rate-limit.ts';
import { recordSecurityEvent } from '../security/security-events.ts';
import { queryRows, type TDb } from './client.ts';
import { sqlStateOf } from './errors.ts';
import { createCompany, createUser } from './seed/factories.ts';
import { withTenant } from './tenant.ts';

/** better-auth's tables (migration 0009): closed to tenants; users opens only its people columns (0034, below). */
const AUTH_TABLES = ['sessions', 'accounts', 'verifications', 'two_factors', 'pending_registrations'];

let testDb: TTestDatabase;
let db: TDb;
let companyA: string;
let companyB: string;

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.database.db;
  companyA = (await createCompany(db, { name: 'Mail Owner A' })).company.id;
  companyB = (await createCompany(db, { name: 'Snooper B' })).company.id;
  // Rows that belong to company A, written as the server writes them: as the owner.
  await db.transaction((tx) =>
    enqueueMail(tx as unknown as TDb, {
      to: 'a@example.test',
      subject: 'Your invitation',
      text: 'Join: https://forgeboard.example/invite?token=secret',
      kind: 'invitation',
      companyId: companyA,
    }),
  );
  await recordSecurityEvent(db, { type: 'sign_in_failed', companyId: companyA, email: 'a@example.test' });
  await consumeRateLimit(db, { key: 'sign-in:account:a@example.test', limit: 5, windowMs: 60_000 });
});
afterAll(async () => {
  await testDb?.database.close();
  await testDb?.dispose();
});

/** The SQLSTATE a tenant's statement fails with, or 'ok' when it succeeds. */
async function asTenant(companyId: string, statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await withTenant(db, companyId, (tx) => queryRows(tx, statement));
    return 'ok';
  } catch (error) {
    return sqlStateOf(error) ?? String(error);
  }
}

describe('system tables under the tenant role', () => {
  it.each(['queue_tasks', 'mail_outbox', 'rate_limit_buckets', 'security_events', ...AUTH_TABLES])(
    'refuses any tenant, even the company a row names, reading %s (permission denied)',
    async (table) => {
      expect(await asTenant(companyB, sql`select * from ${sql.identifier(table)}`)).toBe('42501');
      expect(await asTenant(companyA, sql`select count(*) from ${sql.identifier(table)}`)).toBe('42501');
    },
  );

  it('refuses a tenant writing to them', async () => {
    expect(await asTenant(companyB, sql`delete from mail_outbox`)).toBe('42501');
    expect(await asTenant(companyB, sql`update queue_tasks set status = 'pending'`)).toBe('42501');
    expect(await asTenant(companyB, sql`delete from rate_limit_buckets`)).toBe('42501');
    expect(await asTenant(companyB, sql`update security_events set outcome = 'success'`)).toBe('42501');
  });

  it("shows a tenant only its own company's people, and only the columns that name them (0034)", async () => {
    await createUser(db, companyA, { email: 'ada@a.test', firstName: 'Ada', lastName: 'Anvil' });
    await createUser(db, companyB, { email: 'bo@b.test', firstName: 'Bo', lastName: 'Bolt' });
    const people = await withTenant(db, companyB, (tx) =>
      queryRows<{ email: string }>(tx, sql`select id, first_name, last_name, email, active from users`),
    );
    expect(people.map((p) => p.email)).toEqual(['bo@b.test']);
    for (const column of ['role', 'burdened_labor_rate', 'two_factor_enabled', 'last_sign_in_at', 'name']) {
      expect(await asTenant(companyB, sql`select ${sql.identifier(column)} from users`), column).toBe(
        '42501',
      );
    }
    expect(await asTenant(companyB, sql`select * from users`)).toBe('42501');
    expect(await asTenant(companyB, sql`update users set first_name = 'x'`)).toBe('42501');
    expect(await asTenant(companyB, sql`delete from users`)).toBe('42501');
  });

  it('leaves the rows to the owner, that is the server itself', async () => {
    const [counts] = await queryRows<{ mail: number; events: number; buckets: number }>(
      db,
      sql`select (select count(*)::int from mail_outbox) as mail,
                 (select count(*)::int from security_events) as events,
                 (select count(*)::int from rate_limit_buckets) as buckets`,
    );
    expect(counts).toEqual({ mail: 1, events: 1, buckets: 1 });
  });
});
