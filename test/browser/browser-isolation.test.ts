import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { browserEnvironment, sandboxPossible } from '../../lib/browser/launch/chromium.js';

/**
 * The browser next to the secrets: Chromium's processes, which run page code, inherit none of the
 * service's secrets, and run in Chromium's sandbox wherever the user is not root.
 */

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PROBE = 'test/browser/support/launch-probe.ts';
const NOBODY = 65534;

const SECRETS = {
  DATABASE_URL: 'postgres://app:db-secret-1@db.example/app',
  UPSTASH_REDIS_REST_TOKEN: 'upstash-secret-2',
  BROWSER_HOST_TOKEN: 'host-secret-3-0123456789abcdef0123456789',
  OPENAI_API_KEY: 'sk-provider-secret-4',
  AWS_SECRET_ACCESS_KEY: 'aws-secret-5',
  AWS_SESSION_TOKEN: 'aws-secret-6',
};

interface ProcessView {
  type: string;
  noSandbox: boolean;
  seccomp: string;
  environment: string[];
  raw: string;
}

const homes: string[] = [];
afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

async function probe(uid?: number): Promise<ProcessView[]> {
  const home = mkdtempSync(join(tmpdir(), 'browser-isolation-'));
  homes.push(home);
  if (uid !== undefined) chownSync(home, uid, uid);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', PROBE], {
    cwd: ROOT,
    uid,
    gid: uid,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      TMPDIR: home,
      TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json'),
      ...SECRETS,
    },
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ProcessView[];
}

describe('the browser’s processes', () => {
  it('keep only the variables they need: no database URL, token, provider key or AWS credential', async () => {
    expect(Object.keys(browserEnvironment({ PATH: '/bin', ...SECRETS, HOME: '/home/x' })).sort()).toEqual([
      'HOME',
      'PATH',
    ]);
    const processes = await probe();
    expect(processes.map((entry) => entry.type)).toEqual(expect.arrayContaining(['browser', 'renderer']));
    // The browser process keeps its environment block as it was given; its children may write
    // their titles over theirs, so they are searched for the secrets' values rather than names.
    expect(processes[0]).toMatchObject({ type: 'browser' });
    expect(processes[0].environment).toContain('PATH');
    for (const entry of processes) {
      for (const [name, value] of Object.entries(SECRETS)) {
        expect(entry.environment, entry.type).not.toContain(name);
        expect(entry.raw.includes(value), `${entry.type} holds ${name}`).toBe(false);
      }
    }
  }, 90_000);

  it.runIf(process.getuid?.() === 0)(
    'run sandboxed as any user but root: flags without --no-sandbox, renderers under a seccomp filter',
    async () => {
      expect(sandboxPossible(0)).toBe(false);
      expect(sandboxPossible(NOBODY)).toBe(true);
      const processes = await probe(NOBODY);
      const browser = processes.find((entry) => entry.type === 'browser');
      expect(browser?.noSandbox).toBe(false);
      const renderers = processes.filter((entry) => entry.type === 'renderer');
      expect(renderers.length).toBeGreaterThan(0);
      for (const renderer of renderers) expect(renderer.seccomp).toBe('2');
      // As root the sandbox cannot start: the same probe shows renderers unconfined.
      const asRoot = await probe();
      expect(asRoot.find((entry) => entry.type === 'browser')?.noSandbox).toBe(true);
    },
    120_000,
  );
});
