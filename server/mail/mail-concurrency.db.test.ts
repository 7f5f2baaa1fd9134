// Several senders on one outbox: two dispatchers at once, a sender that died mid-send (its lease), a clean stop.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import { clearOutbox, outboxRow } from '../../tests/setup/test-outbox.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../tests/setup/test-smtp-server.ts';
import { openDatabase, type TDatabase, type TDb } from '../db/client.ts';
import { startMailDispatcher, type TMailDispatcher } from './dispatcher.ts';
import { createMailer, type TMailer, type TMailLog } from './mailer.ts';
import { enqueueMail } from './outbox.ts';

const quietLog: TMailLog = { debug() {}, info() {}, warn() {}, error() {} };

let testDb: TTestDatabase;
let db: TDb;
let smtp: TTestSmtpServer;
const running: TMailDispatcher[] = [];
const mailers: TMailer[] = [];

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.database.db;
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
  await testDb?.database.close();
  await testDb?.dispose();
});
beforeEach(async () => {
  await clearOutbox(db);
  smtp.received.length = 0;
});
afterEach(async () => {
  for (const d of running.splice(0)) await d.stop();
  for (const m of mailers.splice(0)) m.close();
});

function smtpMailer(): TMailer {
  const mailer = createMailer(
    { smtpUrl: smtp.url, mailFrom: 'no-reply@forgeboard.example', dataDir: '.' },
    quietLog,
  );
  mailers.push(mailer);
  return mailer;
}

function dispatcher(mailer: TMailer, database: TDatabase = testDb.database, batchSize?: number) {
  const d = startMailDispatcher({
    database,
    mailer,
    log: quietLog,
    intervalMs: 3_600_000,
    ...(batchSize ? { batchSize } : {}),
  });
  running.push(d);
  return d;
}

async function enqueueMany(count: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(
        await enqueueMail(tx as unknown as TDb, {
          to: `worker${i}@example.test`,
          subject: `Maintenance due #${i}`,
          text: `Machine ${i} is due for maintenance: https://forgeboard.example/maintenance/${i}`,
          kind: 'maintenance',
        }),
      );
    }
    return ids;
  });
}

describe('two dispatchers draining at once', () => {
  it('deliver each message exactly once, both taking a share', async () => {
    // A second instance has its own connections to the same database (on PGlite, one process: the same one).
    const other =
      testDb.url === null ? testDb.database : await openDatabase({ kind: 'postgres', url: testDb.url });
    try {
      const ids = await enqueueMany(40);
      const sentBy = { a: 0, b: 0 };
      // A little time per send keeps both dispatchers claiming while the other is busy.
      const counted = (name: 'a' | 'b'): TMailer => {
        const mailer = smtpMailer();
        return {
          mode: mailer.mode,
          close: () => mailer.close(),
          async send(message) {
            await new Promise((r) => setTimeout(r, 3));
            await mailer.send(message);
            sentBy[name]++;
          },
        };
      };
      const [a, b] = await Promise.all([
        dispatcher(counted('a'), testDb.database, 3).drainOnce(),
        dispatcher(counted('b'), other, 3).drainOnce(),
      ]);

      expect(a.sent + b.sent).toBe(40);
      const subjects = smtp.received.map((m) => m.subject);
      expect(subjects).toHaveLength(40);
      expect(new Set(subjects).size).toBe(40);
      if (testDb.url !== null) expect(Math.min(sentBy.a, sentBy.b)).toBeGreaterThan(0);
      for (const id of ids) expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      if (other !== testDb.database) await other.close();
    }
  });
});

describe('a sender that died mid-send', () => {
  it('leaves its message to be sent again once the lease has run out', async () => {
    const [expired, leased] = await enqueueMany(2);
    await db.execute(sql`update mail_outbox set status = 'sending', attempts = 1,
      next_attempt_at = now() - interval '1 second' where id = ${expired!}`);
    await db.execute(sql`update mail_outbox set status = 'sending', attempts = 1,
      next_attempt_at = now() + interval '4 minutes' where id = ${leased!}`);

    expect(await dispatcher(smtpMailer()).drainOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received.map((m) => m.subject)).toEqual(['Maintenance due #0']);
    expect(await outboxRow(db, expired!)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await outboxRow(db, leased!)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('marks it failed when the lost attempt was its last', async () => {
    const [id] = await enqueueMany(1);
    await db.execute(sql`update mail_outbox set status = 'sending', attempts = 8,
      next_attempt_at = now() - interval '1 second' where id = ${id!}`);

    expect(await dispatcher(smtpMailer()).drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(smtp.received).toEqual([]);
    const row = await outboxRow(db, id!);
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
    expect(row.lastError).toMatch(/lease expired/);
  });
});

describe('stopping', () => {
  it('finishes the message being sent and hands the rest of its batch back, due at once', async () => {
    const ids = await enqueueMany(3);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    let started: () => void = () => undefined;
    const firstSendStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slow: TMailer = {
      mode: 'smtp',
      close() {},
      async send(message) {
        started();
        await gate;
        sent.push(message.id);
      },
    };
    const d = dispatcher(slow);
    const draining = d.drainOnce();
    await firstSendStarted;
    const stopping = d.stop();
    release();
    await stopping;

    expect(await draining).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sent).toEqual([ids[0]]);
    expect(await outboxRow(db, ids[0]!)).toMatchObject({ status: 'sent', attempts: 1 });
    for (const id of ids.slice(1)) {
      const row = await outboxRow(db, id);
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });
});
