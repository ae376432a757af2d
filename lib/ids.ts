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
 * Prefixed, time-sortable ids (`req_…`, `key_…`, `acc_…`), laid out as a ULID: 48 bits of
 * milliseconds in 10 Crockford base32 characters, then 80 random bits in 16, so ids sort by
 * creation and never collide in practice.
 */
export function newId(prefix: string): string {
  return `${prefix}_${timeHead(Date.now())}${base32(randomSlice())}`;
}

/**
 * Sorts before every id made at or after `at` and after every id made before it: a range bound on a
 * time-sorted id column, so "newer than 7 days" walks the id's own index.
 */
export function firstIdAt(prefix: string, at: Date): string {
  return `${prefix}_${timeHead(at.getTime())}`;
}

function timeHead(ms: number): string {
  let time = ms;
  let head = '';
  for (let i = 0; i < 10; i += 1) {
    head = alphabet[time % 32] + head;
    time = Math.floor(time / 32);
  }
  return head;
}

/** Every bit of `bytes`, five to a character (80 bits: 16 characters, none left over). */
function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += alphabet[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

/** 10 time characters, then 16 random (10 in ids made before the random part carried 80 bits). */
const ID_BODY = /^[0-9A-HJKMNP-TV-Z]{10}(?:[0-9A-HJKMNP-TV-Z]{16}|[0-9A-HJKMNP-TV-Z]{10})$/;

/** Whether `id` is one of ours with this prefix, either length: rows written before stay valid. */
export function isServiceId(prefix: string, id: string): boolean {
  return id.startsWith(`${prefix}_`) && ID_BODY.test(id.slice(prefix.length + 1));
}
