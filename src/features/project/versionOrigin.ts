/**
 * The version a lookup came from, carried in the history state of the navigation that opened its
 * root (from a version list, a resolved link or the choice of roots): the object route names only
 * the object, which many versions can share.
 */
export interface VersionOrigin {
  projectId: string;
  modelId: string;
  versionId: string;
}

/** History state for a lookup of a version's root: a lookup request that says where it came from. */
export function versionLookupState(origin: VersionOrigin) {
  return { lookup: true, version: origin } as const;
}

export function readVersionOrigin(state: unknown): VersionOrigin | null {
  if (typeof state !== 'object' || state === null || !('version' in state)) return null;
  const { version } = state;
  if (typeof version !== 'object' || version === null) return null;
  const { projectId, modelId, versionId } = version as Record<string, unknown>;
  return typeof projectId === 'string' &&
    typeof modelId === 'string' &&
    typeof versionId === 'string'
    ? { projectId, modelId, versionId }
    : null;
}
