/**
 * The versions before and after one version of a model, wherever it is in the model's history:
 * the model's `versions`, newest first by creation date, paged until the version and the one made
 * before it are in. `viewerResourcesExtended(loadedVersionsOnly: false)` would list every version in
 * one round trip, but in no promised order and without dates (shared/speckle-graphql.md), so it
 * cannot say which version came before another.
 */
import type { GraphqlCall } from '../../../api/graphqlClient';
import { fetchVersionRootsPage } from './speckleGraphql';
import {
  reachesPast,
  versionNeighbours,
  type VersionNeighbours,
  type VersionRootRef,
} from '../../../speckle/links/versionNeighbours';

/** The most a versions page may hold (shared/speckle-graphql.md, "Browsing: versions"). */
const PAGE_LIMIT = 100;

export async function fetchVersionNeighbours(
  call: GraphqlCall,
  input: { projectId: string; modelId: string; versionId: string },
): Promise<VersionNeighbours | null> {
  return versionNeighbours(await pageUntilPast(call, input), input.versionId);
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
