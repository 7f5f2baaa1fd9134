// Moves the maintenance server's clock (APP_CLOCK_FILE, server/clock.ts): the file holds the instant the server takes
// as now, and time runs on from there. Removing it gives the server the real clock back.
import { rmSync, writeFileSync } from 'node:fs';
import { E2E_CLOCK_FILE } from './server.ts';

export function setAppClock(instant: string): void {
  writeFileSync(E2E_CLOCK_FILE, `${new Date(instant).toISOString()}\n`);
}

export function resetAppClock(): void {
  rmSync(E2E_CLOCK_FILE, { force: true });
}
