import { startServer } from '/work/main/bench/bench-app.ts';

const url = 'postgres://postgres@127.0.0.1:5432/fb_probe';
const server = await startServer({ pgUrl: url }, 'bench@bench.example');
const to = new Date().toISOString().slice(0, 10);
const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
const times: number[] = [];
for (let i = 0; i < 8; i++) {
  const s = performance.now();
  const r = await server.get(`/api/v1/stock/balance-report?from=${from}&to=${to}&pageSize=50`);
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(String(r.status));
  if (i > 0) times.push(performance.now() - s);
}
const look: number[] = [];
for (let i = 0; i < 300; i++) {
  const s = performance.now();
  const r = await server.get(`/api/v1/items/lookup?partNumber=p-000${100 + i}`);
  await r.arrayBuffer();
  look.push(performance.now() - s);
}
times.sort((a, b) => a - b);
look.sort((a, b) => a - b);
console.log(
  process.cwd(),
  'report ms',
  times.map((t) => t.toFixed(0)).join(' '),
  ' lookup median',
  look[150]!.toFixed(2),
  'p99',
  look[296]!.toFixed(2),
);
await server.stop();
