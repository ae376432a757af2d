import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateApiKey } from '../lib/auth/api-key.js';

/**
 * Without DEV_API_KEY the dev server generates a key once and keeps it beside the embedded
 * database, so a second `npm start` prints the same key instead of losing it.
 */
export function readOrCreateLocalDevKey(dataDir: string): string {
  const file = join(dataDir, 'dev-api-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = generateApiKey();
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
