/**
 * A 32-bit hash of an id (FNV-1a over its UTF-16 code units). The indexer computes it for every id
 * it sends, and the object set files each object under it, so finding an object by id costs a
 * hash and a probe, without a Map of 100,000 strings (about 80 bytes an entry, and a large share
 * of the page's work while a model loads).
 */
export function idHash(text: string, start = 0, end = text.length): number {
  let hash = HASH_SEED;
  for (let at = start; at < end; at += 1) hash = nextHash(hash, text.charCodeAt(at));
  return hash >>> 0;
}

export const HASH_SEED = 0x811c9dc5;

/**
 * FNV-1a's step: the hash after one more code unit (or byte). `>>> 0` of the last one is the hash;
 * over an ASCII id's bytes it equals idHash of its text.
 */
export function nextHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}
