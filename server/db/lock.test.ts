// The data-folder lock: a second process is refused while the first lives, and a dead holder's lock is taken over.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const LOCK_MODULE = fileURLToPath(new URL('./lock.ts', import.meta.url));

let dataDir: string;
let holder: ChildProcess | null = null;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fb-lock-'));
});

afterEach(async () => {
  if (holder && holder.exitCode === null && holder.signalCode === null) await killAndReap(holder);
  holder = null;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts a real second process that takes the lock with the same code, and waits until it holds it. */
async function startHolder(): Promise<ChildProcess> {
  const script = `const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}: ${stderr}`)));
  });
  return child;
}

/** Kills without letting the process clean up (as a crash or kill -9 would) and waits until it is gone. */
async function killAndReap(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('data folder lock', () => {
  it('refuses a second lock while another live process holds the folder', async () => {
    holder = await startHolder();
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(`pid ${holder.pid}`);
    expect(readFileSync(join(dataDir, 'forgeboard.lock'), 'utf8')).toBe(String(holder.pid));
  });

  it('takes over the lock of a holder that died without releasing it', async () => {
    holder = await startHolder();
    await killAndReap(holder);
    expect(existsSync(join(dataDir, 'forgeboard.lock'))).toBe(true);

    const release = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, 'forgeboard.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dataDir, 'forgeboard.lock'))).toBe(false);
  });

  it('takes over a lock file that names no process', () => {
    writeFileSync(join(dataDir, 'forgeboard.lock'), 'not a pid');
    const release = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, 'forgeboard.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('lets the folder be locked again once released', () => {
    lockDataDir(dataDir)();
    const release = lockDataDir(dataDir);
    expect(existsSync(join(dataDir, 'forgeboard.lock'))).toBe(true);
    release();
  });
});
