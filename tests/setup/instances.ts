// Real server processes for scale-out tests: `node --import tsx server/main.ts` as `npm start` runs it (without the
// web build), each on a free port, with the environment an operator gives every instance behind a proxy.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';

/** One running server process. */
export interface TInstance {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  /** The name its task worker claims under (defaultWorkerId: host and port). */
  workerId: string;
  child: ChildProcess;
  /** Everything it printed so far (for failure messages). */
  output(): string;
  /** Kills it at once (SIGKILL, as `kill -9`) and waits until it is gone. */
  kill(): Promise<void>;
}

/** A port nobody listens on now; the OS picks it from its ephemeral range. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts server/main.ts with `env` added to a clean environment; resolves once GET /api/health answers 200 and its job
 * worker runs.
 */
export async function startInstance(name: string, env: Record<string, string>): Promise<TInstance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `fb-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // info: the start line ("Forgeboard is running") is written once the task worker has started.
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  gone.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const instance: TInstance = {
    name,
    url: `http://127.0.0.1:${port}`,
    workerId: `${hostname()}:${port}`,
    child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await gone;
    },
  };
  // A start on a loaded machine: tsx compiles the server, migrations are checked, the worker starts after listen.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${instance.url}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    // Healthy, and its task worker started (main.ts logs the start line after it).
    if (healthy && output.includes('Forgeboard is running')) return instance;
    if (Date.now() > deadline) {
      await instance.kill();
      throw new Error(`${name} was not healthy within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
