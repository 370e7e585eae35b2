/**
 * A 32-bit hash of an id (FNV-1a over its UTF-16 code units). The indexer computes it for every id
 * it sends, and the object set files each object under it, so finding an object by id costs a
 * hash and a probe, without a Map of 100,000 strings (about 80 bytes an entry, and a large share
 * of the page's work while a model loads).
 */
export function idHash(text: string, start = 0, end = text.length): number {
  let hash = 0x811c9dc5;
  for (let at = start; at < end; at += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  }
  return hash >>> 0;
}
