// Stock postings per second, through the app and straight through `pg` (the ceiling: bench/postings-raw.ts), and
// where the CPU went (bench/postings-drive.ts). The load generator is plain node:http on keep-alive sockets (a few
// tenths of a millisecond per request; fetch spent about a millisecond, which the app's side of the ledger then
// lacked).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { APP_URL } from './bench-app.ts';
import { CLIENTS, drive, type TMovableStock, type TThroughput, withCpu } from './postings-drive.ts';

export { CLIENTS, type TMovableStock, type TThroughput } from './postings-drive.ts';
export { rawThroughput, type TRawForm } from './postings-raw.ts';

/**
 * Through the app: CLIENTS concurrent HTTP clients, each alternating an issue of 1 and a receipt of 1 on random
 * items (so stock never runs out), for `seconds`. `serverPid` is the server's process and `pgUrl` its database (on
 * PostgreSQL), for their CPU.
 */
export async function appThroughput(
  base: string,
  cookie: string,
  stock: TMovableStock[],
  seconds: number,
  serverPid: number | null,
  pgUrl: string | null,
): Promise<TThroughput> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const post = (body: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/v1/stock/transactions',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie,
            origin: APP_URL,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  try {
    return await withCpu(
      () =>
        drive(stock, seconds, 100, async (at, receive) => {
          const status = await post(
            JSON.stringify({
              kind: receive ? 'receive' : 'issue',
              idempotencyKey: randomUUID(),
              lines: [{ itemId: at.item_id, locationId: at.location_id, quantity: '1' }],
            }),
          );
          if (status !== 201 && status !== 409) throw new Error(`posting: ${status}`);
          return status === 201;
        }),
      seconds,
      serverPid,
      pgUrl,
    );
  } finally {
    agent.destroy();
  }
}
