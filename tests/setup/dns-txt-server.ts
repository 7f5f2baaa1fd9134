// A tiny DNS server for the tests (decision 086): answers TXT questions over UDP from a table the test fills in, and
// NXDOMAIN for any other name. Hand-written rather than a package: dns2, the one that fits, asks for Node 22, and a TXT
// answer is some forty lines of RFC 1035. The app asks it through node:dns (SSO_DNS_SERVERS=127.0.0.1:<port>), so
// the lookup under test is the real one.
import { createSocket, type Socket } from 'node:dgram';

const TYPE_TXT = 16;

export interface TDnsTxtServer {
  /** "127.0.0.1:<port>", for SSO_DNS_SERVERS. */
  address: string;
  /** Sets the TXT strings of `name` (lower-case, no trailing dot); an empty list removes the name. */
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
}

/** The question's name (labels joined by dots) and where the question ends. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (message[at]! !== 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
  const type = message.readUInt16BE(at + 1);
  return { name: labels.join('.').toLowerCase(), type, end: at + 5 };
}

function txtRecord(value: string): Buffer {
  const chunks: Buffer[] = [];
  const bytes = Buffer.from(value, 'utf8');
  for (let at = 0; at < bytes.length || at === 0; at += 255) {
    const part = bytes.subarray(at, at + 255);
    chunks.push(Buffer.from([part.length]), part);
    if (bytes.length === 0) break;
  }
  const rdata = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  head.writeUInt16BE(TYPE_TXT, 2);
  head.writeUInt16BE(1, 4); // class IN
  head.writeUInt32BE(0, 6); // TTL 0: nothing caches a test's answer
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

function answer(message: Buffer, records: Map<string, string[]>): Buffer {
  const question = readQuestion(message);
  const values = question.type === TYPE_TXT ? (records.get(question.name) ?? []) : [];
  const known = records.has(question.name);
  const header = Buffer.alloc(12);
  header.writeUInt16BE(message.readUInt16BE(0), 0);
  header.writeUInt16BE(known ? 0x8180 : 0x8183, 2); // a response, recursion available; NXDOMAIN when unknown
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(values.length, 6);
  return Buffer.concat([header, message.subarray(12, question.end), ...values.map(txtRecord)]);
}

/** Starts the server on 127.0.0.1 at `port` (a free one by default; the e2e server is told a fixed one). */
export async function startDnsTxtServer(port = 0): Promise<TDnsTxtServer> {
  const records = new Map<string, string[]>();
  const socket: Socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    try {
      socket.send(answer(message, records), peer.port, peer.address);
    } catch {
      // A malformed question gets no answer, as from a real server that drops it.
    }
  });
  // A taken port rejects (EADDRINUSE) rather than crash the process: the e2e specs wait for the fixed one.
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setTxt(name, values) {
      if (values.length === 0) records.delete(name);
      else records.set(name, values);
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
