// Two real server processes run the maintenance scheduler on one PostgreSQL database; one is killed (SIGKILL, as
// kill -9) in the middle of a pass, inside a transaction that has written, and the messages that reach the SMTP
// server are counted: every reminder arrives, once per recipient, none twice (decision 058).
//
// What is measured is the scheduler's part: a reminder's notice and its outbox messages commit together or not at
// all, so the killed pass's uncommitted reminders are decided again by the survivor and the committed ones are not.
// The outbox's own window (a sender dying after the SMTP server accepted a message and before it records `sent`,
// decision 042) is kept out: the killed instance sends to a server of its own that holds every message unanswered,
// so it never delivers one, and the message its worker held is taken over by the survivor when its lease ends.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type TInstance } from '../../../tests/setup/instances.ts';
import { maintenanceCompany } from '../../../tests/setup/maintenance-company.ts';
import { seedOpenOccurrence } from '../../../tests/setup/maintenance-seed.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { testDbKind } from '../../../tests/setup/test-database.ts';
import { eventually } from '../../../tests/setup/test-queue.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../../tests/setup/test-smtp-server.ts';
import { queryRows } from '../../db/client.ts';

const COMPANIES = 3;
const PER_COMPANY = 40;
const RECIPIENTS = ['pm@crash.example', 'lead@crash.example'];

describe.runIf(testDbKind() === 'postgres')('on PostgreSQL, an instance killed mid-pass', () => {
  let t: TTestApp;
  let smtp: TTestSmtpServer;
  /** Where the killed instance sends: it holds every message and never answers. */
  let blackHole: TTestSmtpServer;
  let folder: string;
  const started: TInstance[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    blackHole = await startTestSmtpServer();
    blackHole.holdMessages(true);
    folder = mkdtempSync(join(tmpdir(), 'fb-clock-'));
    t = await createTestApp();
    for (let c = 0; c < COMPANIES; c += 1) {
      const shop = await maintenanceCompany(t, `Crash Works ${'ABC'[c]}`, 'Europe/Lisbon', {
        emails: RECIPIENTS,
      });
      for (let i = 0; i < PER_COMPANY; i += 1) {
        await seedOpenOccurrence(t.database.db, shop.companyId, shop.machineId, {
          title: `PM ${'ABC'[c]}${i}`,
          dueOn: '2026-10-10',
        });
      }
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(started.map((i) => i.kill()));
    await t?.close();
    await smtp?.stop();
    await blackHole?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('loses no reminder and doubles none', async () => {
    // A clock file each: the doomed instance's day moves first, so that it is the one deciding when it is killed
    // (racing, the survivor could win every reminder and leave it only waiting on locks, without a write of its own).
    const clockA = join(folder, 'now-a');
    const clockB = join(folder, 'now-b');
    // Before the due date's window: the instances' passes find nothing to send.
    for (const file of [clockA, clockB]) writeFileSync(file, '2026-10-01T12:00:00Z');
    const urlNamed = (name: string) => {
      const url = new URL(t.config.databaseUrl!);
      url.searchParams.set('application_name', name);
      return url.toString();
    };
    const common = {
      NODE_ENV: 'test',
      APP_URL: TEST_APP_URL,
      SESSION_SECRET: randomUUID() + randomUUID(),
      MAINTENANCE_SCAN_INTERVAL_MS: '1000',
      QUEUE_POLL_INTERVAL_MS: '200',
    };
    const killedName = `fb-crash-a-${randomUUID().slice(0, 8)}`;
    const starting = [
      startInstance('crash-a', {
        ...common,
        APP_CLOCK_FILE: clockA,
        DATABASE_URL: urlNamed(killedName),
        SMTP_URL: blackHole.url,
      }),
      startInstance('crash-b', {
        ...common,
        APP_CLOCK_FILE: clockB,
        DATABASE_URL: urlNamed('fb-crash-b'),
        SMTP_URL: smtp.url,
      }),
    ] as const;
    for (const s of starting) s.then((i) => started.push(i)).catch(() => undefined);
    const [a] = await Promise.all(starting);

    // The day the work falls due, for the doomed instance first.
    writeFileSync(clockA, '2026-10-10T12:00:00Z');
    // A transaction of the doomed instance that has written (it holds a transaction id) and is not its task worker's
    // (whose writes are all UPDATEs of queue_tasks and the outbox; a pass only reads and inserts): a pass mid-way.
    const writing = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from pg_stat_activity
              where application_name = ${killedName} and backend_xid is not null and query !~* '^\s*update'`,
        )
      )[0]!.n > 0;
    await eventually(writing, 30_000);
    await a.kill();
    // Its connections gone, its open transaction rolled back: some reminders were left undecided by the kill.
    await eventually(
      async () =>
        (
          await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from pg_stat_activity where application_name = ${killedName}`,
          )
        )[0]!.n === 0,
      10_000,
    );
    const [atKill] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from maintenance_notices`,
    );
    expect(atKill!.n).toBeLessThan(COMPANIES * PER_COMPANY);
    // Now the survivor's day moves too: its next pass decides what the killed one did not commit.
    writeFileSync(clockB, '2026-10-10T12:00:00Z');

    const expected = COMPANIES * PER_COMPANY * RECIPIENTS.length;
    const received = await smtp.waitForMessages(expected, 90_000);
    // Every mail task finished: nothing more is on its way that could make a copy.
    await eventually(async () => {
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from queue_tasks where queue = 'mail' and status <> 'done'`,
      );
      return row!.n === 0;
    }, 30_000);

    const notices = await queryRows<{ kind: string; n: number }>(
      t.database.db,
      sql`select kind, count(*)::int as n from maintenance_notices group by kind`,
    );
    expect(notices).toEqual([{ kind: 'due_soon', n: COMPANIES * PER_COMPANY }]);
    expect(received).toHaveLength(expected);
    const pairs = received.map((m) => `${m.to && 'text' in m.to ? m.to.text : ''} ${m.subject}`);
    expect(new Set(pairs).size).toBe(expected);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(expected);
    for (let c = 0; c < COMPANIES; c += 1) {
      for (const to of RECIPIENTS) {
        expect(pairs.filter((p) => p.startsWith(`${to} `) && p.includes(`: PM ${'ABC'[c]}`))).toHaveLength(
          PER_COMPANY,
        );
      }
    }
  }, 240_000);
});
