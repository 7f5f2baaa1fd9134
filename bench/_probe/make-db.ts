// scratch: builds fb_probe with N items (kept between runs)
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { prepareCompany } from '../bench-app.ts';

const N = Number(process.argv[2] ?? 20000);
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query('drop database if exists fb_probe with (force)');
await admin.query('create database fb_probe');
await admin.end();
const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/fb_probe' });
const c = await prepareCompany(database, N);
console.log(JSON.stringify({ companyId: c.companyId, email: c.email }));
await database.close();
