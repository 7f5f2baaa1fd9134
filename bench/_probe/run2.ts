import pg from 'pg';
import { startServer } from '../bench-app.ts';
import { appThroughput, rawThroughput } from '../postings-throughput.ts';

const url = 'postgres://postgres@127.0.0.1:5432/fb_probe';
const S = Number(process.env.SECONDS ?? 8);
const c = new pg.Client({ connectionString: url });
await c.connect();
const companyId = (await c.query('select id from companies limit 1')).rows[0].id;
const stock = (
  await c.query(
    `select b.item_id, b.location_id from stock_balances b join items i on i.id = b.item_id where b.company_id = $1 and not i.lot_tracked and b.quantity > 10 limit 5000`,
    [companyId],
  )
).rows;
await c.end();
const server = await startServer({ pgUrl: url }, 'bench@bench.example');
const f = (t: any) =>
  `${t.perSecond.toFixed(0)}/s [pg ${t.cpuMsPerPosting.postgres?.toFixed(2)} srv ${t.cpuMsPerPosting.server?.toFixed(2)} cli ${t.cpuMsPerPosting.client.toFixed(2)}]`;
try {
  await appThroughput(server.base, server.cookie, stock, Number(process.env.WARM ?? 10), server.pid);
  if (!process.env.NORAW) await rawThroughput(url, companyId, stock, 2);
  for (let i = 0; i < Number(process.env.ROUNDS ?? 2); i++) {
    const a = await appThroughput(server.base, server.cookie, stock, S, server.pid);
    const r = process.env.NORAW ? null : await rawThroughput(url, companyId, stock, S);
    console.log(
      `app ${f(a)}  ${r ? `raw ${f(r)} ratio ${((100 * a.perSecond) / r.perSecond).toFixed(0)}%` : ''}`,
    );
  }
} finally {
  await server.stop();
}
