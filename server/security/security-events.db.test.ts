// The security event log: what is recorded, and listing by time, type and company a page at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#common/errors.ts';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import type { TDb } from '../db/client.ts';
import { ZSecurityEventTypeSchema } from './security-event-types.ts';
import {
  listSecurityEvents,
  recordSecurityEvent,
  type TSecurityEvent,
  type TSecurityEventQuery,
} from './security-events.ts';

let testDb: TTestDatabase;
let db: TDb;
beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => {
  await testDb?.database.close();
  await testDb?.dispose();
});

const COMPANY_A = '0190aaaa-0000-7000-8000-00000000000a';
const COMPANY_B = '0190bbbb-0000-7000-8000-00000000000b';
const MIN = 60_000;
// Each test works in its own day, so the rows of one never fall in another's range.
let day = 0;
const nextDay = () => new Date(Date.UTC(2026, 0, 1 + ++day));

/** Every event of the query, following the cursors, and the pages' sizes. */
async function allPages(query: TSecurityEventQuery) {
  const events: TSecurityEvent[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await listSecurityEvents(db, { ...query, cursor });
    events.push(...page.events);
    sizes.push(page.events.length);
    cursor = page.nextCursor;
  } while (cursor);
  return { events, sizes };
}

describe('recordSecurityEvent', () => {
  it("stores who, where and what, with the type's outcome and the time now", async () => {
    const before = Date.now();
    const event = await recordSecurityEvent(db, {
      type: 'sign_in_failed',
      companyId: COMPANY_A,
      userId: 'user_123',
      email: '  Pat@Example.TEST ',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      details: { reason: 'wrong_password' },
    });
    expect(event).toMatchObject({
      type: 'sign_in_failed',
      outcome: 'failure',
      companyId: COMPANY_A,
      userId: 'user_123',
      email: 'pat@example.test',
      ip: '203.0.113.7',
      details: { reason: 'wrong_password' },
    });
    expect(event.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(event.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(event.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('records an event with no company or user (a sign-in attempt for an unknown address)', async () => {
    const event = await recordSecurityEvent(db, { type: 'rate_limited', ip: '198.51.100.1' });
    expect(event).toMatchObject({
      companyId: null,
      userId: null,
      email: null,
      outcome: 'denied',
      details: {},
    });
  });

  it('keeps only the first 512 characters of a user agent', async () => {
    const event = await recordSecurityEvent(db, { type: 'session_ended', userAgent: 'x'.repeat(5000) });
    expect(event.userAgent).toHaveLength(512);
  });

  it('refuses a type that is not in the list', async () => {
    await expect(recordSecurityEvent(db, { type: 'logged_in' as never })).rejects.toThrow();
    expect(ZSecurityEventTypeSchema.options).toContain('sign_in_succeeded');
  });
});

describe('listSecurityEvents', () => {
  it('lists the events of [from, to) newest first', async () => {
    const from = nextDay();
    const to = new Date(from.getTime() + 60 * MIN);
    await recordSecurityEvent(db, { type: 'sign_in_succeeded', at: new Date(from.getTime() - 1) });
    const first = await recordSecurityEvent(db, { type: 'sign_in_succeeded', at: from });
    const second = await recordSecurityEvent(db, {
      type: 'session_ended',
      at: new Date(from.getTime() + MIN),
    });
    await recordSecurityEvent(db, { type: 'sign_in_succeeded', at: to });

    const page = await listSecurityEvents(db, { from, to, limit: 50 });
    expect(page.events.map((e) => e.id)).toEqual([second.id, first.id]);
    expect(page.nextCursor).toBeNull();
  });

  it('filters by types and by company', async () => {
    const from = nextDay();
    const at = (m: number) => new Date(from.getTime() + m * MIN);
    const aFailed = await recordSecurityEvent(db, {
      type: 'sign_in_failed',
      companyId: COMPANY_A,
      at: at(1),
    });
    const bFailed = await recordSecurityEvent(db, {
      type: 'sign_in_failed',
      companyId: COMPANY_B,
      at: at(2),
    });
    const aLocked = await recordSecurityEvent(db, { type: 'locked_out', companyId: COMPANY_A, at: at(3) });
    await recordSecurityEvent(db, { type: 'mfa_enabled', companyId: COMPANY_A, at: at(4) });
    const range = { from, to: at(60), limit: 50 };

    const ids = async (q: Partial<TSecurityEventQuery>) =>
      (await listSecurityEvents(db, { ...range, ...q })).events.map((e) => e.id);
    expect(await ids({ types: ['sign_in_failed', 'locked_out'] })).toEqual([
      aLocked.id,
      bFailed.id,
      aFailed.id,
    ]);
    expect(await ids({ types: ['sign_in_failed'], companyId: COMPANY_A })).toEqual([aFailed.id]);
    expect(await ids({ companyId: COMPANY_B })).toEqual([bFailed.id]);
  });

  it('pages through every event exactly once, even several in one millisecond', async () => {
    const from = nextDay();
    const recorded: TSecurityEvent[] = [];
    for (const offset of [0, 1, 1, 1, 2, 3, 4]) {
      recorded.push(
        await recordSecurityEvent(db, { type: 'sign_in_failed', at: new Date(from.getTime() + offset) }),
      );
    }
    const newestFirst = [...recorded].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
    );

    const { events, sizes } = await allPages({ from, to: new Date(from.getTime() + MIN), limit: 3 });
    expect(sizes).toEqual([3, 3, 1]);
    expect(events.map((e) => e.id)).toEqual(newestFirst.map((e) => e.id));
  });

  it('keeps the next page as it was when newer events arrive in between', async () => {
    const from = nextDay();
    const at = (m: number) => new Date(from.getTime() + m * MIN);
    const older = [];
    for (let m = 1; m <= 4; m++)
      older.push(await recordSecurityEvent(db, { type: 'session_ended', at: at(m) }));
    const query = { from, to: at(60), limit: 2 };

    const first = await listSecurityEvents(db, query);
    await recordSecurityEvent(db, { type: 'session_ended', at: at(30) });
    const second = await listSecurityEvents(db, { ...query, cursor: first.nextCursor });
    expect(second.events.map((e) => e.id)).toEqual([older[1]!.id, older[0]!.id]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make, with BAD_REQUEST', async () => {
    const from = nextDay();
    const query = { from, to: new Date(from.getTime() + MIN), limit: 10 };
    for (const cursor of ['not-a-cursor', Buffer.from('["yesterday","x"]').toString('base64url')]) {
      const error = await listSecurityEvents(db, { ...query, cursor }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('BAD_REQUEST');
    }
  });
});
