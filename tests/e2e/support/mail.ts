// Reads the mail the e2e server delivered: with no SMTP_URL it writes .eml files to DATA_DIR/outbox (DESIGN.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR, E2E_SMTP_DIR } from './server.ts';

/** The e2e server's outbox folder (playwright.config.ts sets DATA_DIR to E2E_DATA_DIR). */
const OUTBOX = join(E2E_DATA_DIR, 'outbox');

interface TParsedMail {
  to: string;
  subject: string;
  text: string;
  date: number;
}

/**
 * Each .eml parsed once (by name and size, so a file caught half-written is read again): the outbox holds every
 * message of the whole run, and parsing them all on every poll slowed the later tests' waits past their limits.
 */
const parsedMail = new Map<string, { size: number; mail: TParsedMail }>();

async function parsed(name: string, folder = OUTBOX): Promise<TParsedMail> {
  const bytes = readFileSync(join(folder, name));
  const cached = parsedMail.get(join(folder, name));
  if (cached && cached.size === bytes.length) return cached.mail;
  const mail = await simpleParser(bytes);
  const result = {
    to: Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? ''),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    date: mail.date?.getTime() ?? 0,
  };
  parsedMail.set(join(folder, name), { size: bytes.length, mail: result });
  return result;
}

/** The newest message to `address` whose subject matches, waiting for the job worker to deliver it. */
export async function waitForMail(
  address: string,
  subject: RegExp,
  folder = OUTBOX,
): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string; date: number } | undefined;
  await expect
    .poll(
      async () => {
        let names: string[] = [];
        try {
          names = readdirSync(folder).filter((name) => name.endsWith('.eml'));
        } catch {
          return false;
        }
        for (const name of names) {
          const mail = await parsed(name, folder);
          if (
            mail.to.toLowerCase().includes(address.toLowerCase()) &&
            subject.test(mail.subject) &&
            (!found || mail.date >= found.date)
          ) {
            found = { subject: mail.subject, text: mail.text, date: mail.date };
          }
        }
        return found !== undefined;
      },
      { timeout: 15_000, message: `a message to ${address} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** How many messages to `address` with a matching subject the outbox holds now (to see that one more arrived). */
export async function countMail(address: string, subject: RegExp, folder = OUTBOX): Promise<number> {
  let names: string[] = [];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.eml'));
  } catch {
    return 0;
  }
  let count = 0;
  for (const name of names) {
    const mail = await parsed(name, folder);
    if (mail.to.toLowerCase().includes(address.toLowerCase()) && subject.test(mail.subject)) count++;
  }
  return count;
}

/** The messages the e2e SMTP server received (tests/e2e/support/smtp-sink.ts): the maintenance server's mail. */
export const SMTP_SINK = E2E_SMTP_DIR;

/** The first link in a message's text that starts with `prefix` (an app path such as /auth/callback). */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[0];
}
