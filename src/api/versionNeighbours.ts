/**
 * The versions before and after one version of a model, wherever it is in the model's history: one
 * round trip lists every version's id and root (`viewerResourcesExtended` with
 * `loadedVersionsOnly: false`); a server without that field is paged until the version and the one
 * before it are in.
 */
import type { GraphqlCall } from './graphqlClient';
import { isGraphqlError } from './graphqlError';
import { fetchVersionRoots, fetchVersionRootsPage } from './speckleGraphql';
import {
  reachesPast,
  versionNeighbours,
  type VersionNeighbours,
  type VersionRootRef,
} from '../speckle/versionNeighbours';

/** The most a versions page may hold (shared/speckle-graphql.md, "Browsing: versions"). */
const PAGE_LIMIT = 100;

export async function fetchVersionNeighbours(
  call: GraphqlCall,
  input: { projectId: string; modelId: string; versionId: string },
): Promise<VersionNeighbours | null> {
  try {
    return versionNeighbours(await fetchVersionRoots(call, input), input.versionId);
  } catch (error) {
    if (!isGraphqlError(error) || error.kind !== 'unsupported') throw error;
    return versionNeighbours(await pageUntilPast(call, input), input.versionId);
  }
}

async function pageUntilPast(
  call: GraphqlCall,
  input: { projectId: string; modelId: string; versionId: string },
): Promise<VersionRootRef[]> {
  const versions: VersionRootRef[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await fetchVersionRootsPage(call, { ...input, limit: PAGE_LIMIT, cursor });
    versions.push(...page.items);
    const complete = page.items.length === 0 || versions.length >= page.totalCount;
    if (complete || page.cursor === null || reachesPast(versions, input.versionId)) {
      return versions;
    }
    cursor = page.cursor;
  }
}
