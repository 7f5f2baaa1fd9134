import { PGlite } from '@electric-sql/pglite';

const db = new PGlite();
const r = await db.query(
  `select 1.50::numeric(18,6) as q, now() as t, $1::uuid[] as ids, array_length($1::uuid[], 1) as n, json_build_object('a', 1) as j`,
  [['01a20b2e-3680-7207-ba6f-4a8dd9754580']],
);
console.log(r.rows);
await db.transaction(async (tx) => {
  console.log(typeof (tx as any).query, (await tx.query('select 2::numeric as x')).rows);
});
