import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { isWellFormedApiKey } from '../../lib/auth/api-key.js';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function admin(...args: string[]) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
  return stdout.trim();
}

describe('npm run admin', () => {
  it('creates an account and key, grants credits, sets a plan, turns on recharge and revokes the key', async () => {
    const created = JSON.parse(await admin('create-account', '--name', 'acme', '--plan', 'hobby'));
    expect(created.account_id).toMatch(/^acc_/);
    expect(isWellFormedApiKey(created.api_key)).toBe(true);

    expect(JSON.parse(await admin('grant', '--account', created.account_id, '--credits', '250'))).toEqual({
      balance: 5250,
    });
    await admin('set-plan', '--account', created.account_id, '--plan', 'business');
    await admin('auto-recharge', '--account', created.account_id, '--credits', '1000');
    const shown = JSON.parse(await admin('show', '--account', created.account_id));
    expect(shown).toMatchObject({
      plan: 'business',
      balance: 5250,
      autoRechargeEnabled: true,
      autoRechargeCredits: 1000,
    });

    const second = JSON.parse(await admin('create-key', '--account', created.account_id));
    expect(second.api_key).not.toBe(created.api_key);
    expect(await admin('revoke', '--key', created.key_id)).toBe('revoked');
    await expect(admin('revoke', '--key', created.key_id)).rejects.toThrow(/no live key/);
  }, 120_000);

  it('refuses an unknown plan and an unknown command with exit code 2', async () => {
    await expect(admin('create-account', '--name', 'x', '--plan', 'gold')).rejects.toMatchObject({ code: 2 });
    await expect(admin('frobnicate')).rejects.toMatchObject({ code: 2 });
  }, 60_000);
});
