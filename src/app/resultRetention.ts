/**
 * Which with-children results that ended with objects (complete or not) stay in memory once no
 * page shows them, so that Back and Forward between loaded models show them at once instead of
 * downloading them again (a 100k model is 337 MB and seconds of download). Each is hundreds of MB at most, so the choice is bounded:
 * the most recently left result always stays (Back is the common way to return), and older ones
 * only while all kept results together stay within RETAINED_BYTES. docs/loading.md says why.
 */
export const RETAINED_BYTES = 512 * 1024 * 1024;

export interface LeftResult<Key> {
  key: Key;
  /**
   * The result's body size: what it holds in memory, near enough (docs/loading.md, heap). A body
   * spilled to disk counts whole too: its file is kept with it, and the disk's quota is no larger.
   */
  bytes: number;
}

/** The results to let go, of those left, most recently left first. */
export function resultsToRelease<Key>(
  left: readonly LeftResult<Key>[],
  budget = RETAINED_BYTES,
): Key[] {
  let kept = 0;
  return left
    .filter((result, index) => {
      kept += result.bytes;
      return index > 0 && kept > budget;
    })
    .map((result) => result.key);
}
