// A lock file that keeps a second process off the same embedded database folder (PGlite takes no lock itself).
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<dataDir>/forgeboard.lock` for this process; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'forgeboard.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another Forgeboard process (pid ${holder}). ` +
            'Stop that process first, or give this one another DATA_DIR. To run several instances, use PostgreSQL (DATABASE_URL).',
        );
      }
      // The holder died without cleaning up (a crash or kill -9): the lock is stale.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(
    `Could not take the lock on ${dataDir}: another process keeps re-creating it.`,
  );
}
