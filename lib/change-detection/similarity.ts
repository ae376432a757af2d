/**
 * Structural similarity of two captures: the Jaccard overlap of their tag-sequence shingles (every
 * run of SHINGLE_SIZE consecutive element names in document order). On real pages this separates
 * an edited page (a fifth removed: ~0.8) from another site's page (0.03–0.19), where ratios over the
 * whole markup stay at 0.25–0.54 even for unrelated pages: shared boilerplate tags dominate those.
 *
 * A capture keeps a bottom-k sketch (the SKETCH_SIZE smallest distinct shingle hashes), so a
 * baseline stores 4 KB, not its page. Below SKETCH_SIZE distinct shingles the overlap is exact;
 * above, it is the standard bottom-k estimate (error ~1/sqrt(k), about 3 %).
 */

export const SHINGLE_SIZE = 4;
export const SKETCH_SIZE = 1024;

/** FNV-1a, 32 bits: fast, and collisions among a page's few thousand shingles are negligible. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function sketchOf(tokens: readonly string[]): Uint32Array {
  const hashes = new Set<number>();
  if (tokens.length > 0 && tokens.length < SHINGLE_SIZE) hashes.add(fnv1a(tokens.join(' ')));
  for (let i = 0; i + SHINGLE_SIZE <= tokens.length; i += 1) {
    hashes.add(fnv1a(tokens.slice(i, i + SHINGLE_SIZE).join(' ')));
  }
  const sorted = Uint32Array.from(hashes).sort();
  return sorted.subarray(0, SKETCH_SIZE);
}

/** Bottom-k estimate of the Jaccard overlap: of the k smallest hashes of the union, the share in both. */
export function similarityOf(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 && b.length === 0) return 1;
  const k = Math.min(SKETCH_SIZE, unionSize(a, b));
  let i = 0;
  let j = 0;
  let taken = 0;
  let shared = 0;
  while (taken < k && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) i += 1;
    else if (i >= a.length || b[j] < a[i]) j += 1;
    else {
      shared += 1;
      i += 1;
      j += 1;
    }
    taken += 1;
  }
  return k === 0 ? 1 : shared / k;
}

function unionSize(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let size = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) i += 1;
    else if (i >= a.length || b[j] < a[i]) j += 1;
    else {
      i += 1;
      j += 1;
    }
    size += 1;
  }
  return size;
}

export function encodeSketch(sketch: Uint32Array): string {
  return Buffer.from(sketch.buffer, sketch.byteOffset, sketch.byteLength).toString('base64');
}

export function decodeSketch(encoded: string): Uint32Array {
  const bytes = Buffer.from(encoded, 'base64');
  const copy = new Uint8Array(bytes.length - (bytes.length % 4));
  copy.set(bytes.subarray(0, copy.length));
  return new Uint32Array(copy.buffer);
}
