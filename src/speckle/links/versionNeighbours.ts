/**
 * The versions before and after one version of a model, read from the model's versions newest
 * first: the whole list, or the part of it up to one past that version (what paging stops at).
 */

/** A version and its root object; null when the server withholds it (beyond the history limit). */
export interface VersionRootRef {
  versionId: string;
  objectId: string | null;
}

export interface VersionNeighbours {
  /** The version made just before (older); null for the model's first version. */
  older: VersionRootRef | null;
  /** The version made just after (newer); null for the model's newest version. */
  newer: VersionRootRef | null;
}

/** Null when `versionId` is not among the versions: the list says nothing about it. */
export function versionNeighbours(
  newestFirst: readonly VersionRootRef[],
  versionId: string,
): VersionNeighbours | null {
  const index = newestFirst.findIndex((version) => version.versionId === versionId);
  if (index === -1) return null;
  return { older: newestFirst[index + 1] ?? null, newer: newestFirst[index - 1] ?? null };
}

/** Whether the start of the list, newest first, holds `versionId` and the version before it. */
export function reachesPast(newestFirst: readonly VersionRootRef[], versionId: string): boolean {
  const index = newestFirst.findIndex((version) => version.versionId === versionId);
  return index !== -1 && index + 1 < newestFirst.length;
}
