// Counts the statements one posting sends: a scratch database with log_statement=all, a few postings over HTTP.

import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { APP_URL, PG_URL, prepareCompany, startServer, withScratchPostgres } from './bench-app.ts';

const LOG = '/var/log/postgresql/postgresql-15-main.log';
await withScratchPostgres(async (url) => {
  const database = await openDatabase({ kind: 'postgres', url });
  const { companyId, email } = await prepareCompany(database, 200);
  const { rows } = (await database.db.execute(
    `select b.item_id, b.location_id from stock_balances b join items i on i.company_id = b.company_id and i.id = b.item_id where b.company_id = '${companyId}' and not i.lot_tracked and b.quantity > 10 limit 5`,
  )) as unknown as { rows: { item_id: string; location_id: string }[] };
  await database.close();
  const dbName = new URL(url).pathname.slice(1);
  const server = await startServer({ pgUrl: url }, email);
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    const post = (kind: string, at: { item_id: string; location_id: string }) =>
      fetch(`${server.base}/api/v1/stock/transactions`, {
        method: 'POST',
        headers: { cookie: server.cookie, origin: APP_URL, 'content-type': 'application/json' },
        body: JSON.stringify({
          kind,
          idempotencyKey: randomUUID(),
          lines: [{ itemId: at.item_id, locationId: at.location_id, quantity: '1' }],
        }),
      });
    for (const at of rows) await (await post('issue', at)).arrayBuffer(); // warm
    await admin.query(`alter database ${dbName} set log_statement = 'all'`);
    // new connections pick it up: restart the server's pools by restarting the server
    await server.stop();
    const server2 = await startServer({ pgUrl: url }, email);
    const start = statSync(LOG).size;
    const post2 = (kind: string, at: { item_id: string; location_id: string }) =>
      fetch(`${server2.base}/api/v1/stock/transactions`, {
        method: 'POST',
        headers: { cookie: server2.cookie, origin: APP_URL, 'content-type': 'application/json' },
        body: JSON.stringify({
          kind,
          idempotencyKey: randomUUID(),
          lines: [{ itemId: at.item_id, locationId: at.location_id, quantity: '1' }],
        }),
      });
    for (const at of rows) await (await post2('issue', at)).arrayBuffer(); // warm the new server's connections
    await new Promise((r) => setTimeout(r, 500));
    const mid = statSync(LOG).size;
    const N = Number(process.env.N ?? 4);
    for (let i = 0; i < N; i++) {
      const r = await post2(i % 2 ? 'receive' : 'issue', rows[i % rows.length]!);
      if (r.status !== 201) console.log('status', r.status, await r.text());
      else await r.arrayBuffer();
    }
    await new Promise((r) => setTimeout(r, 500));
    const text = readFileSync(LOG, 'utf8').slice(0, 1e9);
    const buf = Buffer.from(readFileSync(LOG)).subarray(mid).toString('utf8');
    const lines = buf
      .split('\n')
      .filter((l) => l.includes(`@${dbName} `) && /LOG: {2}(statement|execute)/.test(l));
    console.log(`${lines.length} statements for ${N} postings`);
    for (const l of lines.slice(0, 40)) console.log(l.replace(/^.*?LOG: {2}/, '').slice(0, 200));
    void start;
    void text;
    await server2.stop();
  } finally {
    await admin.end();
    await server.stop();
  }
});
