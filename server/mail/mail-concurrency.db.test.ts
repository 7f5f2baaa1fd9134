// Several workers on one outbox: two at once, a sender that died mid-send (its lease), a clean stop.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import { clearOutbox, mailTask, outboxRow } from '../../tests/setup/test-outbox.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../tests/setup/test-smtp-server.ts';
import { openDatabase, type TDatabase, type TDb } from '../db/client.ts';
import { startTaskWorker, type TTaskWorker } from '../queue/worker.ts';
import { mailQueue } from './mail.queue.ts';
import { createMailer, type TMailer, type TMailLog } from './mailer.ts';
import { enqueueMail, MAIL_QUEUE } from './outbox.ts';

const quietLog: TMailLog = { debug() {}, info() {}, warn() {}, error() {} };

let testDb: TTestDatabase;
let db: TDb;
let smtp: TTestSmtpServer;
const running: TTaskWorker[] = [];
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
  for (const w of running.splice(0)) await w.stop();
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

/** A worker that runs only when the test says (no NOTIFY, an hour between polls). */
async function worker(mailer: TMailer, database: TDatabase = testDb.database): Promise<TTaskWorker> {
  const w = await startTaskWorker({
    database,
    queues: { [MAIL_QUEUE]: mailQueue({ database, mailer }) },
    log: quietLog,
    workerId: `test-${randomUUID()}`,
    pollIntervalMs: 3_600_000,
    listen: false,
  });
  running.push(w);
  return w;
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

describe('two workers draining at once', () => {
  it('deliver each message exactly once, both taking a share', async () => {
    // A second instance has its own connections to the same database (on PGlite, one process: the same one).
    const other =
      testDb.url === null ? testDb.database : await openDatabase({ kind: 'postgres', url: testDb.url });
    try {
      const sentBy = { a: 0, b: 0 };
      // A little time per send keeps both workers claiming while the other is busy.
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
      const [a, b] = [await worker(counted('a')), await worker(counted('b'), other)];
      const ids = await enqueueMany(40);
      const [fromA, fromB] = await Promise.all([a.runDue(), b.runDue()]);

      expect(fromA.done + fromB.done).toBe(40);
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
  it('leaves its message to be sent again once its lease has run out, and no sooner', async () => {
    const [expired, leased] = await enqueueMany(2);
    await db.execute(sql`update queue_tasks set status = 'running', attempts = 1, locked_by = 'dead-host:3000',
      locked_until = now() - interval '1 second' where key = ${expired!}`);
    await db.execute(sql`update queue_tasks set status = 'running', attempts = 1, locked_by = 'live-host:3000',
      locked_until = now() + interval '4 minutes' where key = ${leased!}`);

    expect(await (await worker(smtpMailer())).runDue()).toEqual({ done: 1, retrying: 0, failed: 0 });
    expect(smtp.received.map((m) => m.subject)).toEqual(['Maintenance due #0']);
    expect(await outboxRow(db, expired!)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await mailTask(db, leased!)).toMatchObject({ status: 'running', attempts: 1 });
  });

  it('marks it failed when the lost attempt was its last', async () => {
    const [id] = await enqueueMany(1);
    await db.execute(sql`update queue_tasks set status = 'running', attempts = 8, locked_by = 'dead-host:3000',
      locked_until = now() - interval '1 second' where key = ${id!}`);

    expect(await (await worker(smtpMailer())).runDue()).toEqual({ done: 0, retrying: 0, failed: 1 });
    expect(smtp.received).toEqual([]);
    const row = await outboxRow(db, id!);
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
    expect(row.lastError).toMatch(/lease expired/);
    expect(await mailTask(db, id!)).toMatchObject({ status: 'failed', lockedBy: null });
  });
});

describe('stopping', () => {
  it('finishes and records the message being sent, and claims no other', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const firstSendStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const sent: string[] = [];
    const slow: TMailer = {
      mode: 'smtp',
      close() {},
      async send(message) {
        started();
        await gate;
        sent.push(message.id);
      },
    };
    const w = await worker(slow);
    const ids = await enqueueMany(3);
    w.wake();
    await firstSendStarted;
    const stopping = w.stop();
    release();
    await stopping;

    expect(sent).toEqual([ids[0]]);
    expect(await outboxRow(db, ids[0]!)).toMatchObject({ status: 'sent', attempts: 1 });
    for (const id of ids.slice(1)) {
      expect(await outboxRow(db, id)).toMatchObject({ status: 'pending', attempts: 0 });
      expect(await mailTask(db, id)).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null });
    }
  });
});
