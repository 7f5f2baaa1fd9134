// scratch: app vs raw throughput against fb_probe; PROF=1 writes a cpu profile of the server
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
function post(path: string, body: string, headers: Record<string, string>, p = port): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: p,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

import { seededRandom } from '#server/db/seed/random.ts';
import { APP_URL, waitForHealth } from '../bench-app.ts';

const url = 'postgres://postgres@127.0.0.1:5432/fb_probe';
const SECONDS = Number(process.env.SECONDS ?? 10);
const CLIENTS = 16;
const c = new pg.Client({ connectionString: url });
await c.connect();
const companyId = (await c.query('select id from companies limit 1')).rows[0].id;
const stock = (
  await c.query(
    `select b.item_id, b.location_id from stock_balances b join items i on i.id = b.item_id
      where b.company_id = $1 and not i.lot_tracked and b.quantity > 10 limit 5000`,
    [companyId],
  )
).rows;
await c.end();
const port0 = 0;
const port = 4400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const nodeArgs = process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL,
    SESSION_SECRET: 'x'.repeat(64),
    DATABASE_URL: url,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
await waitForHealth(`${base}/api/health`);
let server2: ReturnType<typeof spawn> | null = null;
const port2 = port + 1;
if (process.env.TWO) {
  server2 = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port2),
      APP_URL,
      SESSION_SECRET: 'x'.repeat(64),
      DATABASE_URL: url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${port2}/api/health`);
}
const { CSRF_COOKIE } = await import('#common/schemas/auth.ts');
const { FACTORY_PASSWORD } = await import('#server/db/seed/factories.ts');
const csrf = randomBytes(32).toString('hex');
const r = await fetch(`${base}/api/v1/auth/sign-in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: APP_URL, cookie: `${CSRF_COOKIE}=${csrf}` },
  body: JSON.stringify({ email: 'bench@bench.example', password: FACTORY_PASSWORD, csrfToken: csrf }),
});
const session = r.headers
  .getSetCookie()
  .map((x) => x.split(';')[0]!)
  .find((x) => x.startsWith('fb.session_token='));
const cookie = `${session}; ${CSRF_COOKIE}=${csrf}`;
async function app(seconds: number) {
  let done = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const random = seededRandom(100 + i);
      let receive = false;
      while (performance.now() < deadline) {
        const at = random.pick(stock);
        const body = JSON.stringify({
          kind: receive ? 'receive' : 'issue',
          idempotencyKey: randomUUID(),
          lines: [{ itemId: at.item_id, locationId: at.location_id, quantity: '1' }],
        });
        let status: number;
        if (process.env.FETCH) {
          const res = await fetch(`${base}/api/v1/stock/transactions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie, origin: APP_URL },
            body,
          });
          await res.arrayBuffer();
          status = res.status;
        } else
          status = await post(
            '/api/v1/stock/transactions',
            body,
            { 'content-type': 'application/json', cookie, origin: APP_URL },
            server2 && i % 2 ? port2 : port,
          );
        if (status === 201) done++;
        else if (status !== 409) throw new Error(`posting ${status}`);
        receive = !receive;
      }
    }),
  );
  return done / seconds;
}
if (process.env.AC) {
  const autocannon = (await import('autocannon')).default;
  const random = seededRandom(5);
  let k = 0;
  const run = (seconds: number) =>
    autocannon({
      url: base,
      connections: CLIENTS,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/stock/transactions',
          headers: { 'content-type': 'application/json', cookie, origin: APP_URL },
          setupRequest: (req: any) => {
            const at = random.pick(stock);
            k++;
            req.body = JSON.stringify({
              kind: k % 2 ? 'receive' : 'issue',
              idempotencyKey: randomUUID(),
              lines: [{ itemId: at.item_id, locationId: at.location_id, quantity: '1' }],
            });
            return req;
          },
        },
      ],
    });
  await run(2);
  const c0 = process.cpuUsage();
  const { cpuOf } = await import('./cpu.ts');
  const pg0 = cpuOf(/postgres/);
  const srv0 = cpuOf(/server\/main.ts/);
  const res: any = await run(SECONDS);
  const c1 = process.cpuUsage(c0);
  const ok = res.statusCodeStats?.['201']?.count ?? 0;
  console.log('statuses', JSON.stringify(res.statusCodeStats), 'errors', res.errors, 'non2xx', res.non2xx);
  console.log(
    `autocannon app ${(ok / SECONDS).toFixed(0)}/s loadgen ${((c1.user + c1.system) / 1000 / ok).toFixed(2)} ms/posting  pg ${(((cpuOf(/postgres/) - pg0) * 1000) / ok).toFixed(2)} server ${(((cpuOf(/server\/main.ts/) - srv0) * 1000) / ok).toFixed(2)}`,
  );
}
await app(Number(process.env.WARM ?? 2));
const { cpuOf, totalCpu } = await import('./cpu.ts');
const pg0 = cpuOf(/postgres/);
const srv0 = cpuOf(/server\/main.ts/);
const tot0 = totalCpu();
const t0 = process.cpuUsage();
const appRate = await app(SECONDS);
const t1 = process.cpuUsage(t0);
const n = appRate * SECONDS;
const tot1 = totalCpu();
console.log(
  `per posting ms: postgres ${(((cpuOf(/postgres/) - pg0) * 1000) / n).toFixed(2)} server ${(((cpuOf(/server\/main.ts/) - srv0) * 1000) / n).toFixed(2)}  machine busy ${(((tot1.busy - tot0.busy) / (tot1.all - tot0.all)) * 100).toFixed(0)}%`,
);
console.log(
  `app ${appRate.toFixed(0)}/s  loadgen cpu ${((t1.user + t1.system) / 1000 / (appRate * SECONDS)).toFixed(2)} ms/posting`,
);
server.kill('SIGTERM');
server2?.kill('SIGTERM');
await new Promise((res) => server.once('exit', res));
if (!process.env.NORAW) {
  const mod = await import('./raw.ts');
  const rawRate = await mod.raw(url, companyId, stock, SECONDS);
  console.log(`raw ${rawRate.toFixed(0)}/s  ratio ${((100 * appRate) / rawRate).toFixed(0)}%`);
}
