import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const API_KEY_PREFIX = 'wxk_';
const RANDOM_CHARS = 32;
const CHECKSUM_CHARS = 6;
const keyShape = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_CHARS + CHECKSUM_CHARS}}$`);

function toBase62(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i += 1) {
    out = base62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function checksum(body: string): string {
  return toBase62(crc32(body), CHECKSUM_CHARS);
}

/**
 * `wxk_` + 32 base62 characters from the CSPRNG (~190 bits) + a 6-character CRC32 of them, the
 * GitHub-token layout: secret scanners can spot the prefix and a typo is refused without a
 * database round trip.
 */
export function generateApiKey(): string {
  const bytes = randomBytes(RANDOM_CHARS);
  let body = '';
  // 256 is not a multiple of 62; the slight bias costs well under a bit of the ~190.
  for (const byte of bytes) body += base62[byte % 62];
  return `${API_KEY_PREFIX}${body}${checksum(body)}`;
}

export function isWellFormedApiKey(key: string): boolean {
  if (!keyShape.test(key)) return false;
  const body = key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + RANDOM_CHARS);
  return key.endsWith(checksum(body));
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What a list shows of a key: enough to tell keys apart, too little to use one. */
export function apiKeyHint(key: string): string {
  return `${key.slice(0, API_KEY_PREFIX.length + 4)}…${key.slice(-4)}`;
}
