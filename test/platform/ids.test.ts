import { describe, expect, it } from 'vitest';
import { isServiceId, newId } from '../../lib/ids.js';

describe('ids', () => {
  it('are prefixed Crockford base32, 10 time characters then 16 random, and never repeat across pool refills', () => {
    // The random bytes come from a pool of 256 ids' worth: this crosses several refills.
    const ids = Array.from({ length: 2_000 }, () => newId('req'));
    for (const id of ids) expect(id).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(14))).size).toBe(ids.length);
  });

  it('carry 80 random bits: every bit of the random part takes both values, each about half the time', () => {
    // byte % 32 kept 5 bits of each byte (50 in all) and wrote the top three away; decoding the
    // 16 characters back to bits shows all 80 vary, independently of one another.
    const samples = 4_000;
    const ones = new Array<number>(80).fill(0);
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    for (let n = 0; n < samples; n += 1) {
      const tail = newId('req').slice(14);
      expect(tail).toHaveLength(16);
      [...tail].forEach((char, index) => {
        const value = alphabet.indexOf(char);
        for (let bit = 0; bit < 5; bit += 1) if ((value >> (4 - bit)) & 1) ones[index * 5 + bit] += 1;
      });
    }
    // Binomial(4000, 0.5): 5 standard deviations is about ±160.
    for (const count of ones) expect(Math.abs(count - samples / 2)).toBeLessThan(160);
  });

  it('sort by creation time', async () => {
    const first = newId('hold');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = newId('hold');
    expect(first.slice(5, 15) < second.slice(5, 15)).toBe(true);
    expect(first < second).toBe(true);
  });

  it('recognise their own prefix and alphabet, in the new length and the one rows made earlier carry', () => {
    expect(isServiceId('mon', newId('mon'))).toBe(true);
    expect(isServiceId('mon', 'mon_01J0ABCDEF0123456789')).toBe(true);
    for (const id of [
      newId('chk'),
      'mon_01J0ABCDEF012345678',
      'mon_01J0ABCDEF0123456789ABC',
      'mon_01J0ABCDEF01234567IL',
      'mon_01j0abcdef0123456789',
      'mon_01J0ABCDEF\u00000123456789',
    ])
      expect(isServiceId('mon', id), id).toBe(false);
  });
});
