import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { seededRandom } from '#server/db/seed/random.ts';

const CLIENTS = 16;
export async function raw(
  url: string,
  companyId: string,
  stock: { item_id: string; location_id: string }[],
  seconds: number,
): Promise<number> {
  const { cpuOf, totalCpu } = await import('./cpu.ts');
  const pg0 = cpuOf(/postgres/);
  const tot0 = totalCpu();
  const c0 = process.cpuUsage();
  let done = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const random = seededRandom(200 + c);
      let receive = false;
      try {
        while (performance.now() < deadline) {
          const at = random.pick(stock);
          const key = randomUUID();
          const transactionId = randomUUID();
          await client.query('begin');
          await client.query(
            "select set_config('app.company_id', $1, true), set_config('role', 'forgeboard_app', true)",
            [companyId],
          );
          await client.query(
            `select i.*, (select s.use_lot_numbers from company_settings s where s.company_id = $1)
               from items i where i.company_id = $1 and i.id = any($2)`,
            [companyId, [at.item_id]],
          );
          await client.query('select * from locations where company_id = $1 and id = any($2)', [
            companyId,
            [at.location_id],
          ]);
          await client.query(
            `insert into stock_transactions (id, company_id, kind, reason, reference, idempotency_key, posted_by,
                                             posted_by_name, posted_at)
             values ($1, $2, $3, '', '', $4, null, 'Benchmark', now())`,
            [transactionId, companyId, receive ? 'receive' : 'issue', key],
          );
          const balance = receive
            ? await client.query(
                `insert into stock_balances (id, company_id, item_id, location_id, lot_id, quantity)
                 values ($1, $2, $3, $4, null, 1)
                 on conflict (item_id, location_id, lot_id)
                 do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()
                 returning quantity`,
                [randomUUID(), companyId, at.item_id, at.location_id],
              )
            : await client.query(
                `update stock_balances set quantity = quantity - 1::numeric, updated_at = now()
                  where item_id = $1 and location_id = $2 and lot_id is null and quantity >= 1::numeric
                  returning quantity`,
                [at.item_id, at.location_id],
              );
          await client.query('update items set on_hand = on_hand + $1::numeric where id = $2', [
            receive ? 1 : -1,
            at.item_id,
          ]);
          await client.query(
            `insert into stock_ledger (id, company_id, transaction_id, line_no, item_id, location_id, lot_id,
                                       quantity_delta, unit_cost, balance_after, created_at)
             values ($1, $2, $3, 1, $4, $5, null, $6, 1, $7, now())`,
            [
              randomUUID(),
              companyId,
              transactionId,
              at.item_id,
              at.location_id,
              receive ? 1 : -1,
              balance.rows[0].quantity,
            ],
          );
          await client.query('commit');
          done++;
          receive = !receive;
        }
      } finally {
        await client.end();
      }
    }),
  );
  const perSecond = done / seconds;
  const c1 = process.cpuUsage(c0);
  const tot1 = totalCpu();
  console.log(
    `raw per posting ms: postgres ${(((cpuOf(/postgres/) - pg0) * 1000) / done).toFixed(2)} client ${((c1.user + c1.system) / 1000 / done).toFixed(2)} machine busy ${(((tot1.busy - tot0.busy) / (tot1.all - tot0.all)) * 100).toFixed(0)}%`,
  );
  console.log(`  raw pg: ${perSecond.toFixed(0)} postings/s with ${CLIENTS} connections`);
  return perSecond;
}
