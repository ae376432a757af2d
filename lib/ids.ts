import { randomFillSync } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_BYTES = 10;

/**
 * Random bytes drawn a pool at a time (as Node's own randomUUID does): a metered call takes three
 * ids, and one `randomBytes` call each cost more than the rest of the id.
 */
const pool = Buffer.alloc(RANDOM_BYTES * 256);
let poolOffset = pool.length;

function randomSlice(): Buffer {
  if (poolOffset + RANDOM_BYTES > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += RANDOM_BYTES;
  return pool.subarray(poolOffset - RANDOM_BYTES, poolOffset);
}

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
  const random = randomSlice();
  let tail = '';
  for (const byte of random) tail += alphabet[byte % 32];
  return `${prefix}_${head}${tail}`;
}
