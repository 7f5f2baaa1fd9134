// A real SMTP server inside the test process (smtp-server), keeping every message it accepts parsed by mailparser.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the server has read and not yet answered: the client waits for the reply that it was accepted. */
export interface THeldMessage {
  mail: ParsedMail;
  /** Answers 250 and keeps the message in `received`. */
  accept(): void;
}

/** A running test SMTP server. */
export interface TTestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  /** Every message accepted so far, in order. */
  received: ParsedMail[];
  /** While on, every recipient is refused with `550 Mailbox unavailable`. */
  refuseRecipients(on: boolean): void;
  /** While on, each message is read and then held unanswered, as a server slow to reply would, until accepted. */
  holdMessages(on: boolean): void;
  /** Resolves with the next message the server holds; fails after `timeoutMs`. */
  waitForHeld(timeoutMs?: number): Promise<THeldMessage>;
  /**
   * How many messages are held and not yet taken by `waitForHeld`. A held message whose client goes away (a killed
   * sender) is dropped: it was never accepted, so it is neither held nor received any more.
   */
  heldCount(): number;
  /** Accepts every message still held (each into `received`). */
  acceptHeld(): void;
  /** Resolves once `count` messages have been received in all; fails after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  stop(): Promise<void>;
}

/** Starts a server on 127.0.0.1 with no authentication and no TLS, on `port` or a random free one. */
export async function startTestSmtpServer(port = 0): Promise<TTestSmtpServer> {
  const received: ParsedMail[] = [];
  let refusing = false;
  let holding = false;
  const held: (THeldMessage & { sessionId: string })[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // On stop, drop clients still connected (a pooled mailer keeps its connection) instead of waiting 30 s for them.
    closeTimeout: 100,
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      return callback(error);
    },
    onClose(session) {
      for (let i = held.length - 1; i >= 0; i--) if (held[i]!.sessionId === session.id) held.splice(i, 1);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const accept = () => {
            received.push(mail);
            callback();
          };
          // A held message is answered only by accept(); if the client goes away first, it was never accepted.
          if (holding) held.push({ mail, accept, sessionId: session.id });
          else accept();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    refuseRecipients(on) {
      refusing = on;
    },
    holdMessages(on) {
      holding = on;
    },
    async waitForHeld(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (held.length === 0) {
        if (Date.now() > deadline) throw new Error(`no message was held within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return held.shift()!;
    },
    heldCount: () => held.length,
    acceptHeld() {
      for (const message of held.splice(0)) message.accept();
    },
    async waitForMessages(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} messages within ${timeoutMs} ms, received ${received.length}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
