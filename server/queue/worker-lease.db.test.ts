import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually, gate, queueTestDatabase, taskRow, testQueue } from '../../tests/setup/test-queue.ts';
import { queryRows, type TDb } from '../db/client.ts';
import { enqueueTask } from './enqueue.ts';

const bench = queueTestDatabase({ listen: false });
const worker = bench.worker;

const enqueue = () => bench.db.transaction((tx) => enqueueTask(tx as unknown as TDb, { queue: 'export' }));

/** Marks task `id` as claimed by `workerId` until `leaseMs` from now, as a worker that then died would leave it. */
async function claimedBy(id: string, workerId: string, leaseMs: number) {
  await bench.db.execute(sql`update queue_tasks set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
    locked_until = now() + (${leaseMs}::double precision * interval '1 millisecond') where id = ${id}`);
}

/** Whether the database's clock has passed `moment`. */
const hasPassed = async (moment: Date) =>
  (
    await queryRows<{ past: boolean }>(
      bench.db,
      sql`select now() > ${moment.toISOString()}::timestamptz as past`,
    )
  )[0]!.past;

describe('a running task', () => {
  it('stays with its worker past its first lease while the heartbeat renews it; no other worker takes it', async () => {
    const release = gate();
    const slow = testQueue(() => release.wait);
    const owner = await worker({ export: slow }, { leaseMs: 300, heartbeatMs: 50 });
    const id = (await enqueue())!;
    const finished = owner.runDue();
    await eventually(() => slow.runs.length === 1);
    const firstLeaseEnd = (await taskRow(bench.db, id)).lockedUntil!;

    // Well past the lease it was claimed with, another worker looks and finds nothing to take.
    await eventually(() => hasPassed(new Date(firstLeaseEnd.getTime() + 300)));
    const other = testQueue();
    expect(await (await worker({ export: other }, { leaseMs: 300 })).runDue()).toEqual({
      done: 0,
      retrying: 0,
      failed: 0,
    });
    expect((await taskRow(bench.db, id)).lockedUntil!.getTime()).toBeGreaterThan(firstLeaseEnd.getTime());

    release.open();
    expect(await finished).toEqual({ done: 1, retrying: 0, failed: 0 });
    expect(slow.runs).toHaveLength(1);
    expect(other.runs).toEqual([]);
  });

  it('of a worker that died is taken over once its lease runs out, and not before', async () => {
    const id = (await enqueue())!;
    // The dead worker's last heartbeat gave it 1 s more; a live worker polls every 50 ms.
    const died = Date.now();
    await claimedBy(id, 'dead-host:3000', 1000);
    const done = gate();
    await worker({ export: testQueue(async () => done.open()) }, { pollIntervalMs: 50 });
    await done.wait;
    const tookOver = Date.now() - died;
    expect(tookOver).toBeGreaterThanOrEqual(900);
    expect(tookOver).toBeLessThan(2000);
    await eventually(async () => (await taskRow(bench.db, id)).status === 'done');
    expect(await taskRow(bench.db, id)).toMatchObject({ attempts: 2 });
  });
});

describe('a restarted worker', () => {
  it('takes back the tasks it was running at once, and leaves another live worker its own', async () => {
    const [mine, theirs] = [(await enqueue())!, (await enqueue())!];
    await claimedBy(mine, 'host-a:3000', 3_600_000);
    await claimedBy(theirs, 'host-b:3000', 3_600_000);

    const queue = testQueue();
    const restarted = await worker({ export: queue }, { workerId: 'host-a:3000' });
    expect(await restarted.runDue()).toEqual({ done: 1, retrying: 0, failed: 0 });
    expect(queue.runs.map((r) => r.id)).toEqual([mine]);
    expect(await taskRow(bench.db, theirs)).toMatchObject({ status: 'running', lockedBy: 'host-b:3000' });
  });

  it("on PGlite's single process takes back every running task at once", async () => {
    const [a, b] = [(await enqueue())!, (await enqueue())!];
    await claimedBy(a, 'old-host:3000', 3_600_000);
    await claimedBy(b, 'old-host:4000', 3_600_000);
    const queue = testQueue();
    expect(await (await worker({ export: queue }, { resume: 'all' })).runDue()).toEqual({
      done: 2,
      retrying: 0,
      failed: 0,
    });
  });
});

describe('a worker whose claim was taken over', () => {
  it('cannot overwrite the newer attempt when it finally finishes', async () => {
    const release = gate();
    const stalled = testQueue(() => release.wait);
    // No heartbeat to speak of: its lease runs out while it is still busy (a process frozen for that long).
    const first = await worker({ export: stalled }, { leaseMs: 100, heartbeatMs: 3_600_000 });
    const id = (await enqueue())!;
    const stalledRun = first.runDue();
    await eventually(() => stalled.runs.length === 1);
    await eventually(async () => hasPassed((await taskRow(bench.db, id)).lockedUntil!));

    const second = testQueue();
    expect(await (await worker({ export: second })).runDue()).toEqual({ done: 1, retrying: 0, failed: 0 });
    release.open();
    expect(await stalledRun).toEqual({ done: 0, retrying: 0, failed: 0 });
    expect(await taskRow(bench.db, id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
  });
});
