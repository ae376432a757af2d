import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface DevServer {
  base: string;
  /** Everything the process printed so far. */
  output(): string;
  close(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * `npm start` as a user runs it, on the test PostgreSQL and Redis when the run has them (the
 * embedded drivers otherwise), with `env` on top: the dashboard is built by this very start.
 */
export async function startDevServer(env: Record<string, string>): Promise<DevServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-dev-server-'));
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const close = () => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev server did not start:\n${output}`)), 45_000);
    const check = setInterval(() => {
      if (output.includes('dev account')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
    child.on('exit', () => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`dev server exited:\n${output}`));
    });
  }).catch((error) => {
    close();
    throw error;
  });
  return { base: `http://127.0.0.1:${port}`, output: () => output, close };
}
