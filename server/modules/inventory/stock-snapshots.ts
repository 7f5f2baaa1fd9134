// Which stock snapshot (decision 095) stands for an instant, built first when the company lacks it. A snapshot is taken
// at a UTC midnight at least an hour past by the database's clock: a posting's lines carry its transaction's start, and
// none runs for an hour, so no line can still arrive before it. The instant's state is then the snapshot plus (or
// less) the ledger lines between the two: at most half a day of lines for an instant in the past, a day and an hour
// for now.
import { dayRangeIn, todayIn } from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import * as repo from './stock-snapshots.repo.ts';

const HOUR_MS = 3_600_000;
/** How long after its instant a snapshot may be taken: longer than any posting's transaction. */
export const SNAPSHOT_SETTLE_MS = HOUR_MS;
/** Snapshots kept per company (the last built); each holds a row per item that has ever moved. */
export const SNAPSHOTS_KEPT = 12;

/** The UTC midnight nearest to `instant`. */
function nearestMidnight(instant: Date): Date {
  const { from, to } = dayRangeIn(todayIn('UTC', instant), 'UTC');
  const [start, end] = [new Date(from), new Date(to)];
  return instant.getTime() - start.getTime() <= end.getTime() - instant.getTime() ? start : end;
}

/** The instant of the snapshot that stands for `instant`: the nearest UTC midnight that has settled. */
export function snapshotInstant(instant: Date, now: Date): Date {
  const settled = new Date(
    dayRangeIn(todayIn('UTC', new Date(now.getTime() - SNAPSHOT_SETTLE_MS)), 'UTC').from,
  );
  const nearest = nearestMidnight(instant);
  return nearest.getTime() < settled.getTime() ? nearest : settled;
}

/**
 * Builds the snapshot of `takenAt`: from the company's nearest snapshot when it is nearer than the company's first
 * ledger line (fewer lines between), else from the ledger before it.
 */
async function build(tx: TDb, companyId: string, takenAt: Date): Promise<void> {
  const base = await repo.nearestStamp(tx, companyId, takenAt);
  const first = base ? await repo.firstLineAt(tx, companyId) : null;
  const fromBase =
    base !== null &&
    first !== null &&
    Math.abs(takenAt.getTime() - base.getTime()) < takenAt.getTime() - first.getTime();
  if (fromBase) await repo.buildFromSnapshot(tx, companyId, takenAt, base);
  else await repo.buildFromLedger(tx, companyId, takenAt);
}

/**
 * The snapshot standing for `instant`, held for the rest of the transaction (built in it first when the company
 * lacks it; a second reader of the same missing snapshot waits for the first one's build and reads it), and whether
 * this call built it.
 */
async function snapshotFor(tx: TDb, companyId: string, instant: Date, now: Date) {
  const takenAt = snapshotInstant(instant, now);
  for (;;) {
    if (await repo.holdStamp(tx, companyId, takenAt)) return { takenAt, built: false };
    if (await repo.claimStamp(tx, companyId, takenAt)) {
      await build(tx, companyId, takenAt);
      return { takenAt, built: true };
    }
  }
}

/**
 * The snapshots standing for a period's start and end, held for the rest of the transaction; after a build, the
 * company's snapshots thinned to SNAPSHOTS_KEPT, these two kept.
 */
export async function snapshotsFor(tx: TDb, companyId: string, period: { from: Date; until: Date }) {
  const now = await repo.databaseNow(tx);
  const from = await snapshotFor(tx, companyId, period.from, now);
  const until = await snapshotFor(tx, companyId, period.until, now);
  if (from.built || until.built)
    await repo.thin(tx, companyId, SNAPSHOTS_KEPT, [from.takenAt, until.takenAt]);
  return { from: from.takenAt, until: until.takenAt };
}
