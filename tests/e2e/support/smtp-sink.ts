// The e2e run's SMTP server: accepts every message over SMTP (smtp-server, no auth, no TLS) and writes it, raw, to
// E2E_SMTP_DIR as an .eml file, written under a temporary name and renamed so a reader never sees half a message.
// Started by playwright.config.ts as a web server of its own; the maintenance journey reads what it received.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E_SMTP_DIR, E2E_SMTP_PORT } from './server.ts';

rmSync(E2E_SMTP_DIR, { recursive: true, force: true });
mkdirSync(E2E_SMTP_DIR, { recursive: true });
let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const name = `${Date.now()}-${String(++count).padStart(5, '0')}`;
      writeFileSync(join(E2E_SMTP_DIR, `${name}.part`), Buffer.concat(chunks));
      renameSync(join(E2E_SMTP_DIR, `${name}.part`), join(E2E_SMTP_DIR, `${name}.eml`));
      callback();
    });
  },
});
server.listen(E2E_SMTP_PORT, '127.0.0.1');
