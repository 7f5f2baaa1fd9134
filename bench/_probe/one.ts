import pg from 'pg';
import { startServer } from '/work/main/bench/bench-app.ts';
import { appThroughput } from '/work/main/bench/postings-throughput.ts';

const url = 'postgres://postgres@127.0.0.1:5432/fb_probe';
const c = new pg.Client({ connectionString: url });
await c.connect();
const companyId = (await c.query('select id from companies limit 1')).rows[0].id;
const stock = (
  await c.query(
    `select b.item_id, b.location_id from stock_balances b join items i on i.id = b.item_id where b.company_id = $1 and not i.lot_tracked and b.quantity > 10 limit 5`,
    [companyId],
  )
).rows;
await c.end();
const server = await startServer({ pgUrl: url }, 'bench@bench.example');
await appThroughput(server.base, server.cookie, stock, 0.05, server.pid);
await server.stop();
