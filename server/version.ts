// The running version, from package.json.
import { readFileSync } from 'node:fs';

/** The app's version as package.json gives it. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
