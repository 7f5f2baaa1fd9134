// Sign-up is one transaction (decision 041): a fault at any of its writes leaves no account at all, and the same
// address can sign up again at once. The faults are real: a database trigger that refuses the write of one step.
import { and, eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { mailOutbox } from '../../mail/mail.tables.ts';
import { MAIL_QUEUE } from '../../mail/outbox.ts';
import { queueTasks } from '../../queue/tasks.tables.ts';
import { accounts, pendingRegistrations, users } from './auth.tables.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`
    create or replace function test_refuse_write() returns trigger language plpgsql as $$
    begin
      raise exception 'injected fault: % refused', TG_TABLE_NAME;
    end $$`);
});
afterAll(async () => {
  await t?.close();
});

/** The table whose writes fail while a test runs (null: none). */
let faulty: string | null = null;
async function refuseWritesTo(table: string): Promise<void> {
  faulty = table;
  await t.database.db.execute(
    sql.raw(
      `create trigger test_fault before insert on "${table}" for each row execute function test_refuse_write()`,
    ),
  );
}
afterEach(async () => {
  if (faulty) await t.database.db.execute(sql.raw(`drop trigger if exists test_fault on "${faulty}"`));
  faulty = null;
});

let addressCounter = 0;
function signUp(email: string, companyName: string) {
  addressCounter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    payload: {
      email,
      password: 'Sturdy-Anvil-42',
      confirmPassword: 'Sturdy-Anvil-42',
      companyName,
      firstName: 'Fay',
      lastName: 'Ult',
      termsAccepted: true,
      privacyAccepted: true,
    },
    headers: { origin: TEST_APP_URL },
    remoteAddress: `10.41.0.${addressCounter}`,
  });
}

/** Everything a sign-up writes for `email`, counted. */
async function whatExists(email: string) {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'verification')));
  const mailTasks = await db
    .select()
    .from(queueTasks)
    .where(
      and(
        eq(queueTasks.queue, MAIL_QUEUE),
        sql`${queueTasks.key} in (select id::text from mail_outbox where to_address = ${email})`,
      ),
    );
  return {
    users: user ? 1 : 0,
    credentials: user ? (await db.select().from(accounts).where(eq(accounts.userId, user.id))).length : 0,
    pending: user
      ? (await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.userId, user.id))).length
      : 0,
    mails: mails.length,
    mailTasks: mailTasks.length,
  };
}

const NOTHING = { users: 0, credentials: 0, pending: 0, mails: 0, mailTasks: 0 };
const COMPLETE = { users: 1, credentials: 1, pending: 1, mails: 1, mailTasks: 1 };

describe('a sign-up stopped at any of its steps leaves no account, and signing up again works', () => {
  // In the order sign-up writes them: the user, the password, the pending company, the mail, the task that sends it.
  const steps = [users, accounts, pendingRegistrations, mailOutbox, queueTasks].map((table) =>
    getTableName(table),
  );

  for (const [index, table] of steps.entries()) {
    it(`fails at the ${table} write: no user, no password, no pending registration, no mail; then succeeds`, async () => {
      const email = `fault.${index}@example.com`;
      await refuseWritesTo(table);
      const failed = await signUp(email, `Faulty Forge ${index}`);
      expect(failed.statusCode).toBe(500);
      expect(await whatExists(email)).toEqual(NOTHING);

      await t.database.db.execute(sql.raw(`drop trigger test_fault on "${table}"`));
      faulty = null;
      const again = await signUp(email, `Faulty Forge ${index}`);
      expect(again.statusCode).toBe(201);
      expect(await whatExists(email)).toEqual(COMPLETE);
    });
  }
});
