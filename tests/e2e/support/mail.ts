// Reads the mail the e2e server delivered: with no SMTP_URL it writes .eml files to DATA_DIR/outbox (DESIGN.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR } from './server.ts';

/** The e2e server's outbox folder (playwright.config.ts sets DATA_DIR to E2E_DATA_DIR). */
const OUTBOX = join(E2E_DATA_DIR, 'outbox');

/** The newest message to `address` whose subject matches, waiting for the dispatcher to deliver it. */
export async function waitForMail(
  address: string,
  subject: RegExp,
): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string; date: number } | undefined;
  await expect
    .poll(
      async () => {
        let names: string[] = [];
        try {
          names = readdirSync(OUTBOX).filter((name) => name.endsWith('.eml'));
        } catch {
          return false;
        }
        for (const name of names) {
          const mail = await simpleParser(readFileSync(join(OUTBOX, name)));
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
          const date = mail.date?.getTime() ?? 0;
          if (
            to.toLowerCase().includes(address.toLowerCase()) &&
            subject.test(mail.subject ?? '') &&
            (!found || date >= found.date)
          ) {
            found = { subject: mail.subject ?? '', text: mail.text ?? '', date };
          }
        }
        return found !== undefined;
      },
      { timeout: 15_000, message: `a message to ${address} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message's text that starts with `prefix` (an app path such as /auth/callback). */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[0];
}
