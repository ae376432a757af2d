import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface DevServer {
  base: string;
  /** Everything the process printed so far. */
  output(): string;
  close(): Promise<void>;
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
 * SIGTERM, as Ctrl-C or a process manager stops it, so the embedded database is closed cleanly
 * and a restart finds its data; SIGKILL if it has not exited within 10 s.
 */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * A database of its own on the test PostgreSQL server, dropped afterwards. The dev server sweeps
 * every due monitor of its database at start and every five minutes: on the shared test database
 * it would run the checks of other test files' monitors, under their feet.
 */
async function ownDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `dev_server_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * `npm start` as a user runs it, with `env` on top (a `DATA_DIR` there keeps the embedded data
 * across starts). With `drivers: 'test'` (the default) it runs on PostgreSQL (a database of its own
 * on the test server) and the test Redis when the run has them; with `drivers: 'embedded'`, or
 * without them, on PGlite and the in-process store.
 */
export async function startDevServer(
  env: Record<string, string>,
  options: { drivers?: 'test' | 'embedded' } = {},
): Promise<DevServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dev-server-'));
  const onTestServers = options.drivers !== 'embedded';
  const database =
    onTestServers && process.env.TEST_DATABASE_URL ? await ownDatabase(process.env.TEST_DATABASE_URL) : null;
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: onTestServers ? (process.env.TEST_REDIS_URL ?? '') : '',
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
  const close = async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
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
  }).catch(async (error) => {
    await close();
    throw error;
  });
  return { base: `http://127.0.0.1:${port}`, output: () => output, close };
}
