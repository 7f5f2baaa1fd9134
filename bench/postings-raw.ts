// The ceiling: a posting's statements as the app sends them, straight through `pg` on CLIENTS connections (no HTTP,
// no session, no app), built with the app's own builders so that the two send exactly the same SQL.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { tenantBeginSql } from '#server/db/tenant.ts';
import { postOneQuery } from '#server/modules/inventory/stock-post-one.repo.ts';
import { POSTING_SQL, postingRefsStatement } from '#server/modules/inventory/stock-posting.repo.ts';
import { CLIENTS, drive, type TMovableStock, type TThroughput, withCpu } from './postings-drive.ts';

/**
 * How the raw client posts: 'one' as `stock.service.ts` sends a one-line posting (decision 087: begin, the tenant
 * set-up and the references in one message, the write in one named statement, commit); 'stepwise' as its multi-line
 * postings do and every posting did before (decision 030: begin with the set-up, the references, the transaction
 * insert, the balance change, the item's total, the ledger insert, commit).
 */
export type TRawForm = 'one' | 'stepwise';

/**
 * The ceiling: the statements one posting runs, as the app sends them (`form`), straight through `pg` on CLIENTS
 * connections: no HTTP, no session, no app.
 */
export async function rawThroughput(
  url: string,
  companyId: string,
  stock: TMovableStock[],
  seconds: number,
  form: TRawForm = 'one',
): Promise<TThroughput> {
  const post = form === 'one' ? postRawOne : postRawStepwise;
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  try {
    return await withCpu(
      () => drive(stock, seconds, 200, (at, receive, c) => post(clients[c]!, companyId, at, receive)),
      seconds,
      null,
      url,
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** One posting as the app sends a one-line posting; false when the balance had too little (rolled back). */
async function postRawOne(
  client: pg.Client,
  companyId: string,
  at: TMovableStock,
  receive: boolean,
): Promise<boolean> {
  const refs = postingRefsStatement(companyId, {
    items: [at.item_id],
    locations: [at.location_id],
    lots: [],
  });
  await client.query(`${tenantBeginSql(companyId)}; ${refs.text}`);
  const { rows } = await client.query(
    postOneQuery({
      transaction: {
        id: randomUUID(),
        companyId,
        kind: receive ? 'receive' : 'issue',
        idempotencyKey: randomUUID(),
        postedByName: 'Benchmark',
        postedAt: new Date(),
      },
      itemId: at.item_id,
      locationId: at.location_id,
      lotId: null,
      delta: receive ? '1' : '-1',
      amount: '1',
      unitCost: '1.5',
      lineNo: 1,
      ledgerId: randomUUID(),
      balanceId: randomUUID(),
    }),
  );
  await client.query(rows.length === 0 ? 'rollback' : 'commit');
  return rows.length > 0;
}

/** One posting step by step; false when the balance had too little to issue (rolled back, as the app answers 409). */
async function postRawStepwise(
  client: pg.Client,
  companyId: string,
  at: TMovableStock,
  receive: boolean,
): Promise<boolean> {
  const transactionId = randomUUID();
  await client.query(tenantBeginSql(companyId));
  await client.query(POSTING_SQL.refs, [companyId, [at.item_id], [at.location_id], []]);
  await client.query(POSTING_SQL.insertTransaction, [
    transactionId,
    companyId,
    receive ? 'receive' : 'issue',
    '',
    '',
    randomUUID(),
    null,
    'Benchmark',
    new Date(),
    null,
    null,
    null,
  ]);
  const balance = receive
    ? await client.query(POSTING_SQL.addToBalance, [
        randomUUID(),
        companyId,
        at.item_id,
        at.location_id,
        null,
        '1',
      ])
    : await client.query(POSTING_SQL.takeFromBalanceNoLot, ['1', companyId, at.item_id, at.location_id]);
  if (balance.rows.length === 0) {
    await client.query('rollback');
    return false;
  }
  await client.query(POSTING_SQL.addToItemOnHand, [receive ? '1' : '-1', companyId, at.item_id]);
  await client.query(POSTING_SQL.insertLedgerLines(1), [
    randomUUID(),
    companyId,
    transactionId,
    1,
    at.item_id,
    at.location_id,
    null,
    receive ? '1' : '-1',
    '1.5',
    balance.rows[0].quantity,
    new Date(),
  ]);
  await client.query('commit');
  return true;
}
