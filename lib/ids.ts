import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Prefixed, time-sortable ids (`req_…`, `key_…`, `acc_…`): 48 bits of milliseconds in Crockford
 * base32, then 80 random bits, so ids sort by creation and never collide in practice.
 */
export function newId(prefix: string): string {
  let time = Date.now();
  let head = '';
  for (let i = 0; i < 10; i += 1) {
    head = alphabet[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const random = randomBytes(10);
  let tail = '';
  for (const byte of random) tail += alphabet[byte % 32];
  return `${prefix}_${head}${tail}`;
}
