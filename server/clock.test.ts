import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileClock, manualClock } from './clock.ts';

describe('the app clock', () => {
  const dirs: string[] = [];
  const fileIn = () => {
    const dir = mkdtempSync(join(tmpdir(), 'clock-'));
    dirs.push(dir);
    return join(dir, 'now');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('reads the system clock while the file is missing', () => {
    const before = Date.now();
    const now = fileClock(fileIn()).now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('reads the instant in the file plus the time since it was written, and follows a new one', () => {
    const path = fileIn();
    const clock = fileClock(path);
    writeFileSync(path, '2031-03-14T09:00:00Z\n');
    const written = new Date(Date.now() - 60_000);
    utimesSync(path, written, written);
    const first = clock.now().getTime();
    expect(first).toBeGreaterThanOrEqual(Date.parse('2031-03-14T09:01:00Z'));
    expect(first).toBeLessThan(Date.parse('2031-03-14T09:02:00Z'));
    writeFileSync(path, '2032-01-01T00:00:00Z');
    const moved = new Date(Date.now() - 5_000);
    utimesSync(path, moved, moved);
    expect(clock.now().toISOString().slice(0, 16)).toBe('2032-01-01T00:00');
  });

  it('fails loudly on a file that does not hold an instant', () => {
    const path = fileIn();
    writeFileSync(path, 'next tuesday');
    expect(() => fileClock(path).now()).toThrow(/does not hold an ISO instant/);
  });

  it('a manual clock stays where it is set', () => {
    const clock = manualClock('2030-02-28T23:30:00Z');
    expect(clock.now().toISOString()).toBe('2030-02-28T23:30:00.000Z');
    clock.set('2030-03-01T00:30:00Z');
    expect(clock.now().toISOString()).toBe('2030-03-01T00:30:00.000Z');
  });
});
