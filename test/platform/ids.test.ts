import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';

describe('ids', () => {
  it('are prefixed Crockford base32, 10 time characters then 10 random, and never repeat across pool refills', () => {
    // The random bytes come from a pool of 256 ids' worth: this crosses several refills.
    const ids = Array.from({ length: 2_000 }, () => newId('req'));
    for (const id of ids) expect(id).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(14))).size).toBe(ids.length);
  });

  it('sort by creation time', async () => {
    const first = newId('hold');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = newId('hold');
    expect(first.slice(5, 15) < second.slice(5, 15)).toBe(true);
  });
});
