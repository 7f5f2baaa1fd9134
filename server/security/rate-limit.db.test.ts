// Rate limits in the database: the limit holds to the attempt, windows and blocks end, concurrency and restarts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import { openDatabase, type TDatabase, type TDb } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import {
  consumeRateLimit,
  deleteExpiredRateLimitBuckets,
  refundRateLimit,
  resetRateLimit,
} from './rate-limit.ts';
import { accountAddressSubject, consumeNamedRateLimit } from './rate-limits.ts';

let testDb: TTestDatabase;
let db: TDb;
let keySeq = 0;
/** A key no other test uses. */
const freshKey = (label: string) => `test:${label}:${++keySeq}`;

const T0 = new Date('2026-03-02T09:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => {
  await testDb?.database.close();
  await testDb?.dispose();
});

describe('consumeRateLimit', () => {
  it('allows the limit-th attempt and refuses the next until the window ends', async () => {
    const key = freshKey('window');
    const rule = { key, limit: 3, windowMs: 10 * MIN };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(db, { ...rule, now: at(i * MIN) }));

    expect(results.map((r) => [r.allowed, r.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(results.slice(0, 3).every((r) => r.retryAfterMs === 0)).toBe(true);
    // The window opened at T0 and the fourth attempt came at T0 + 3 min: 7 minutes to wait.
    expect(results[3]?.retryAfterMs).toBe(7 * MIN);
  });

  it('allows again once a new window has begun, counting afresh', async () => {
    const key = freshKey('new-window');
    const rule = { key, limit: 2, windowMs: 5 * MIN };
    await consumeRateLimit(db, { ...rule, now: at(0) });
    await consumeRateLimit(db, { ...rule, now: at(1000) });
    expect((await consumeRateLimit(db, { ...rule, now: at(2000) })).allowed).toBe(false);

    const next = await consumeRateLimit(db, { ...rule, now: at(5 * MIN) });
    expect(next).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
  });

  it('keeps refusing for the block time after the limit, even past the window, then starts over', async () => {
    const key = freshKey('block');
    const rule = { key, limit: 2, windowMs: MIN, blockMs: 10 * MIN };
    await consumeRateLimit(db, { ...rule, now: at(0) });
    await consumeRateLimit(db, { ...rule, now: at(1000) });
    const over = await consumeRateLimit(db, { ...rule, now: at(2000) });
    expect(over).toEqual({ allowed: false, remaining: 0, retryAfterMs: 10 * MIN });

    const stillBlocked = await consumeRateLimit(db, { ...rule, now: at(2000 + 3 * MIN) });
    expect(stillBlocked).toEqual({ allowed: false, remaining: 0, retryAfterMs: 7 * MIN });

    const after = await consumeRateLimit(db, { ...rule, now: at(2000 + 10 * MIN) });
    expect(after).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
  });

  it('counts each key on its own', async () => {
    const a = freshKey('a');
    const b = freshKey('b');
    expect((await consumeRateLimit(db, { key: a, limit: 1, windowMs: MIN, now: at(0) })).allowed).toBe(true);
    expect((await consumeRateLimit(db, { key: a, limit: 1, windowMs: MIN, now: at(1) })).allowed).toBe(false);
    expect((await consumeRateLimit(db, { key: b, limit: 1, windowMs: MIN, now: at(2) })).allowed).toBe(true);
  });

  it('forgets a key after resetRateLimit (a successful sign-in clears the failures)', async () => {
    const key = freshKey('reset');
    const rule = { key, limit: 1, windowMs: MIN, blockMs: 15 * MIN };
    await consumeRateLimit(db, { ...rule, now: at(0) });
    expect((await consumeRateLimit(db, { ...rule, now: at(1) })).allowed).toBe(false);
    await resetRateLimit(db, key);
    expect((await consumeRateLimit(db, { ...rule, now: at(2) })).allowed).toBe(true);
  });

  it('applies the named limits: the sixth sign-in of an account from one address within 15 minutes is refused', async () => {
    const email = `Someone.${++keySeq}@Example.test`;
    const pair = (who: string, address: string) => accountAddressSubject(who, address);
    const verdicts = [];
    for (let i = 0; i < 6; i++)
      verdicts.push(
        await consumeNamedRateLimit(db, 'signInPerAccountAddress', pair(email, '203.0.113.9'), at(i)),
      );
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, true, true, false]);
    expect(verdicts[5]?.retryAfterMs).toBe(15 * MIN); // blocked for 15 minutes from the sixth attempt
    const again = pair(email.toLowerCase(), '203.0.113.9');
    expect((await consumeNamedRateLimit(db, 'signInPerAccountAddress', again, at(10))).allowed).toBe(false);
    const elsewhere = pair(email, '198.51.100.7');
    expect((await consumeNamedRateLimit(db, 'signInPerAccountAddress', elsewhere, at(10))).allowed).toBe(
      true,
    );
  });

  it('gives an attempt back on refund, so only failures use up the limit', async () => {
    const key = freshKey('refund');
    const rule = { key, limit: 2, windowMs: 10 * MIN };
    for (let i = 0; i < 5; i++) {
      expect((await consumeRateLimit(db, { ...rule, now: at(i) })).allowed).toBe(true);
      await refundRateLimit(db, key);
    }
    expect(await consumeRateLimit(db, { ...rule, now: at(6) })).toMatchObject({
      allowed: true,
      remaining: 1,
    });
    expect((await consumeRateLimit(db, { ...rule, now: at(7) })).allowed).toBe(true);
    expect((await consumeRateLimit(db, { ...rule, now: at(8) })).allowed).toBe(false);
  });

  it('allows exactly the limit out of 50 attempts made at once', async () => {
    const key = freshKey('concurrent');
    // On PostgreSQL these run on up to ten connections at once; PGlite serves them one by one.
    const results = await Promise.all(
      Array.from({ length: 50 }, () => consumeRateLimit(db, { key, limit: 10, windowMs: 10 * MIN })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterMs > 0)).toBe(true);
  });
});

describe('deleteExpiredRateLimitBuckets', () => {
  it('deletes buckets past the longest window, keeping current and still-blocked ones', async () => {
    const old = freshKey('old');
    const current = freshKey('current');
    const blocked = freshKey('blocked');
    await consumeRateLimit(db, { key: old, limit: 5, windowMs: MIN, now: at(0) });
    await consumeRateLimit(db, { key: current, limit: 5, windowMs: MIN, now: at(55 * MIN) });
    await consumeRateLimit(db, { key: blocked, limit: 1, windowMs: MIN, blockMs: 2 * 60 * MIN, now: at(0) });
    await consumeRateLimit(db, { key: blocked, limit: 1, windowMs: MIN, blockMs: 2 * 60 * MIN, now: at(1) });

    const deleted = await deleteExpiredRateLimitBuckets(db, { olderThanMs: 60 * MIN, now: at(61 * MIN) });
    expect(deleted).toBeGreaterThanOrEqual(1);
    // The old bucket starts afresh; the other two kept their counts.
    expect(
      await consumeRateLimit(db, { key: old, limit: 1, windowMs: MIN, now: at(62 * MIN) }),
    ).toMatchObject({
      allowed: true,
    });
    expect(
      await consumeRateLimit(db, { key: current, limit: 5, windowMs: MIN, now: at(55.5 * MIN) }),
    ).toMatchObject({ allowed: true, remaining: 3 });
    const stillBlocked = await consumeRateLimit(db, {
      key: blocked,
      limit: 1,
      windowMs: MIN,
      now: at(62 * MIN),
    });
    expect(stillBlocked.allowed).toBe(false);
  });
});

describe('across server instances', () => {
  it('keeps a bucket for a new instance on the same database (a restart, or a second process)', async () => {
    const key = freshKey('restart');
    const rule = { key, limit: 3, windowMs: 10 * MIN };
    let dataDir: string | null = null;
    /** A separate instance's database: a new pool on PostgreSQL; PGlite closed and opened again on its folder. */
    let open: () => Promise<TDatabase>;
    if (testDb.url) {
      const url = testDb.url;
      open = () => openDatabase({ kind: 'postgres', url });
    } else {
      const folder = mkdtempSync(join(tmpdir(), 'fb-rate-'));
      dataDir = folder;
      open = async () => {
        const database = await openDatabase({ kind: 'pglite', dataDir: folder });
        await applyMigrations(database);
        return database;
      };
    }
    try {
      const first = await open();
      await consumeRateLimit(first.db, { ...rule, now: at(0) });
      await consumeRateLimit(first.db, { ...rule, now: at(1) });
      await first.close();

      const second = await open();
      try {
        expect(await consumeRateLimit(second.db, { ...rule, now: at(2) })).toMatchObject({
          allowed: true,
          remaining: 0,
        });
        expect((await consumeRateLimit(second.db, { ...rule, now: at(3) })).allowed).toBe(false);
      } finally {
        await second.close();
      }
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
