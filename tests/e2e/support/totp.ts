// TOTP codes from an independent generator (oathtool, Debian's package), never from our own code.
import { execFileSync } from 'node:child_process';

/** The code for `secret` (base32) at `when` (default now). */
export function totpCode(secret: string, when: Date = new Date()): string {
  const stamp = `${when.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  return execFileSync('oathtool', ['--totp', '-b', '-N', stamp, secret], { encoding: 'utf8' }).trim();
}

/** Milliseconds until the next 30-second step begins, and that step's start. */
export function nextStep(now = Date.now()): { waitMs: number; at: Date } {
  const next = (Math.floor(now / 30_000) + 1) * 30_000;
  return { waitMs: next - now, at: new Date(next) };
}
