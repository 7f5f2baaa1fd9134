// What `npm test` sets up before its steps, so that on a fresh machine it runs the whole suite: the Debian tools
// the tests drive, PostgreSQL for the second API run, and a word on the Node version. Decision 038.
import { checkNodeVersion } from './node-version.ts';
import { setUpPostgres } from './postgres.ts';
import { setUpTools } from './tools.ts';

export { hasChromium } from './tools.ts';

/** Runs the set-up and prints what it found; never fails: what is missing is said, and the tests say the rest. */
export async function setUpTestMachine(): Promise<void> {
  console.log('=== set-up: Node, the Debian tools the tests drive, PostgreSQL');
  const lines = [checkNodeVersion(), ...setUpTools(), ...(await setUpPostgres())];
  for (const line of lines) console.log(`  ${line}`);
}
