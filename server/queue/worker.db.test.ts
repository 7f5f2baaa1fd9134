import { describe, expect, it } from 'vitest';
import { eventually, gate, queueTestDatabase, taskRow, testQueue } from '../../tests/setup/test-queue.ts';
import type { TDb } from '../db/client.ts';
import { exponentialBackoff } from './backoff.ts';
import { enqueueTask, type TNewTask } from './enqueue.ts';
import { countTasks, listTasks } from './tasks.repo.ts';

const bench = queueTestDatabase();
const worker = bench.worker;

/** Writes `task` in its own committed transaction, as a request's service would. */
const enqueue = (task: TNewTask) => bench.db.transaction((tx) => enqueueTask(tx as unknown as TDb, task));

describe('running a task', () => {
  it('starts the task within a second of the commit that wrote it, without waiting for a poll', async () => {
    const started = gate();
    const queue = testQueue(async () => started.open());
    await worker({ report: queue });

    const committed = Date.now();
    const id = (await enqueue({ queue: 'report', payload: { month: '2026-11' } }))!;
    await started.wait;
    expect(queue.runs[0]!.at - committed).toBeLessThan(1000);
    await eventually(async () => (await taskRow(bench.db, id)).status === 'done');
    expect(await taskRow(bench.db, id)).toMatchObject({
      attempts: 1,
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
    });
    expect(queue.runs).toHaveLength(1);
  });

  it('writes a task whose key is already there only once', async () => {
    const first = await enqueue({ queue: 'report', key: 'company-1:2026-11' });
    expect(first).toEqual(expect.any(String));
    expect(await enqueue({ queue: 'report', key: 'company-1:2026-11' })).toBeNull();
    expect(await enqueue({ queue: 'export', key: 'company-1:2026-11' })).toEqual(expect.any(String));
    const queue = testQueue();
    expect(await (await worker({ report: queue }, { listen: false })).runDue()).toEqual({
      done: 1,
      retrying: 0,
      failed: 0,
    });
  });

  it('runs no more tasks of a queue at once than its concurrency', async () => {
    const release = gate();
    let inFlight = 0;
    let most = 0;
    const queue = testQueue(
      async () => {
        most = Math.max(most, ++inFlight);
        await release.wait;
        inFlight--;
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 5; i++) await enqueue({ queue: 'labels' });
    const w = await worker({ labels: queue }, { listen: false });
    const all = w.runDue();
    await eventually(() => queue.runs.length === 2);
    release.open();
    expect(await all).toEqual({ done: 5, retrying: 0, failed: 0 });
    expect(most).toBe(2);
  });
});

describe('a failing task', () => {
  it('is tried again after a wait that doubles each time, then given up with its error recorded once', async () => {
    const givenUp: string[] = [];
    const queue = testQueue(
      async (task) => {
        throw new Error(`printer offline (attempt ${task.attempts})`);
      },
      {
        retryDelayMs: exponentialBackoff(150, 10_000),
        async failed(_tx, task, error) {
          givenUp.push(`${task.id}: ${error}`);
        },
      },
    );
    // Polling every 20 ms: each retry starts as soon as it is due, and no sooner.
    await worker({ labels: queue }, { pollIntervalMs: 20 });
    const id = (await enqueue({ queue: 'labels', maxAttempts: 3 }))!;
    await eventually(async () => (await taskRow(bench.db, id)).status === 'failed');

    const [first, second, third] = queue.runs;
    expect(queue.runs.map((r) => r.attempts)).toEqual([1, 2, 3]);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(150);
    expect(third!.at - second!.at).toBeGreaterThanOrEqual(300);
    expect(third!.at - second!.at).toBeLessThan(1500);
    expect(givenUp).toEqual([`${id}: printer offline (attempt 3)`]);
    const row = await taskRow(bench.db, id);
    expect(row).toMatchObject({ attempts: 3, lastError: 'printer offline (attempt 3)', lockedBy: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
  });
});

describe('what an administrator sees', () => {
  it('lists tasks in a state newest first, a page at a time, and counts them per queue and state', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await enqueue({ queue: 'export', payload: { n: i } }))!);
    const failing = testQueue(async () => {
      throw new Error('disk full');
    });
    await enqueue({ queue: 'labels', maxAttempts: 1 });
    await (await worker({ labels: failing }, { listen: false })).runDue();

    const firstPage = await listTasks(bench.db, { status: 'pending', limit: 3 });
    expect(firstPage.map((j) => j.id)).toEqual([ids[4], ids[3], ids[2]]);
    const nextPage = await listTasks(bench.db, { status: 'pending', limit: 3, before: firstPage.at(-1)!.id });
    expect(nextPage.map((j) => j.id)).toEqual([ids[1], ids[0]]);
    const failed = await listTasks(bench.db, { status: 'failed', queue: 'labels', limit: 10 });
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ lastError: 'disk full', attempts: 1 });

    expect(await countTasks(bench.db)).toEqual([
      { queue: 'export', status: 'pending', count: 5 },
      { queue: 'labels', status: 'failed', count: 1 },
    ]);
  });
});
