// `npm run dev`: the API server and Vite's dev server, which proxies /api to it.
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

process.env.NODE_ENV ??= 'development';
process.env.PORT ??= '3000';
// Links in e-mails and the trusted origin point at the page the developer has open: Vite's.
process.env.APP_URL ??= 'http://localhost:5173';

const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
  stdio: 'inherit',
  env: process.env,
});
const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
vite.printUrls();

const stop = () => {
  api.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code !== null && code !== 0)
    console.error(`The API server exited with code ${code}; fix the error above and save to restart it.`);
});
