/**
 * The versions before and after one version of a model, wherever it is in the model's history:
 * the model's `versions`, newest first by creation date, paged until the version and the one made
 * before it are in. `viewerResourcesExtended(loadedVersionsOnly: false)` would list every version in
 * one round trip, but in no promised order and without dates (shared/speckle-graphql.md), so it
 * cannot say which version came before another.
 */
import { callContext, type GraphqlCall } from '../../../api/graphqlClient';
import { GraphqlError } from '../../../api/graphqlError';
import { fetchVersionRootsPage } from './speckleGraphql';
import {
  reachesPast,
  versionNeighbours,
  type VersionNeighbours,
  type VersionRootRef,
} from '../../../speckle/links/versionNeighbours';

/** The most a versions page may hold (shared/speckle-graphql.md, "Browsing: versions"). */
const PAGE_LIMIT = 100;
/** 100,000 versions: far more than a model has; past it, paging is the server's fault. */
const MAX_PAGES = 1000;

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
  const cursors = new Set<string>();
  let cursor: string | null = null;
  for (let pages = 1; ; pages += 1) {
    const page = await fetchVersionRootsPage(call, { ...input, limit: PAGE_LIMIT, cursor });
    versions.push(...page.items);
    const complete = page.items.length === 0 || versions.length >= page.totalCount;
    if (complete || page.cursor === null || reachesPast(versions, input.versionId)) {
      return versions;
    }
    // A server that hands out the same cursor again, or pages without end, would keep this asking.
    if (cursors.has(page.cursor) || pages === MAX_PAGES) {
      throw new GraphqlError('bad-response', {
        ...callContext(call),
        serverText: cursors.has(page.cursor)
          ? `the model's versions page back to an earlier page (cursor "${page.cursor}")`
          : `the model's versions go on past ${MAX_PAGES * PAGE_LIMIT} without reaching version ${input.versionId}`,
      });
    }
    cursors.add(page.cursor);
    cursor = page.cursor;
  }
}
