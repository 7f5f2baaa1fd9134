// The server as an operator runs it: bad configuration, a second process on the same data, SIGTERM mid-request.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const children: ChildProcess[] = [];
const folders: string[] = [];

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fb-process-'));
  folders.push(dir);
  return dir;
}

/** Starts server/main.ts with `env`; resolves output and exit code once it exits. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = async (): Promise<void> => {
    for (let i = 0; i < 300 && !output.includes('Forgeboard is running'); i++) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!output.includes('Forgeboard is running')) throw new Error(`server did not start:\n${output}`);
  };
  return { child, exited, listening, output: () => output };
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('starting the server', () => {
  it('refuses a bad configuration value with a message naming the variable', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: tempDataDir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /Forgeboard cannot start\. Invalid configuration:\s+PORT: Must be a port number/,
    );
  });

  it('refuses a second process on the same DATA_DIR, and starts once the first has stopped', async () => {
    const dataDir = tempDataDir();
    const first = startServer({ PORT: '0', DATA_DIR: dataDir });
    await first.listening();
    const second = startServer({ PORT: '0', DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another Forgeboard process (pid ${first.child.pid})`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'forgeboard.lock'))).toBe(false);
    const third = startServer({ PORT: '0', DATA_DIR: dataDir });
    await third.listening();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 60_000);
});

describe('SIGTERM', () => {
  it('lets a request in flight finish, then closes the database and exits cleanly', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const server = startServer({ PORT: String(port), DATA_DIR: tempDataDir() });
    await server.listening();

    // Send the headers and half the body, signal, then the rest: the server must still answer it.
    const body = JSON.stringify({ email: 'inflight@example.test', companyName: 'In Flight Ltd' });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/auth/check-availability',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 500);
      }, 200);
    });

    const answered = await response;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toEqual({ emailExists: false, companyExists: false });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
  }, 60_000);
});
