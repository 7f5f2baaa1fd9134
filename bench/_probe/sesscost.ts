import { readFileSync } from 'node:fs';
import pg from 'pg';

const url = 'postgres://postgres@127.0.0.1:5432/fb_probe';
const c = new pg.Client({ connectionString: url });
await c.connect();
const pid = (await c.query('select pg_backend_pid() p')).rows[0].p;
const cpu = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const token = (await c.query('select token from sessions limit 1')).rows[0]?.token ?? 'x';
const text = `select s.token, s.expires_at, s.created_at, u.id, u.email, u.first_name, u.last_name, u.company_id, u.role, u.active, cs.* from sessions s join users u on u.id = s.user_id left join company_settings cs on cs.company_id = u.company_id where s.token = $1`;
async function run(label: string, q: () => Promise<unknown>) {
  for (let i = 0; i < 500; i++) await q();
  const c0 = cpu();
  const t0 = performance.now();
  const n = 5000;
  for (let i = 0; i < n; i++) await q();
  console.log(
    label,
    'pg ms/query',
    (((cpu() - c0) * 1000) / n).toFixed(3),
    'wall ms',
    ((performance.now() - t0) / n).toFixed(3),
  );
}
await run('session prepared', () => c.query({ name: 'sr', text, values: [token] }));
await run('session unnamed', () => c.query(text, [token]));
await run('select 1', () => c.query('select 1'));
const companyId = (await c.query('select id from companies limit 1')).rows[0].id;
await run('begin+tenant+commit', async () => {
  await c.query(
    `begin; select set_config('app.company_id', '${companyId}', true), set_config('role', 'forgeboard_app', true)`,
  );
  await c.query('commit');
});
await c.end();
