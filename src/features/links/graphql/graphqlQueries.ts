/**
 * Query options for the GraphQL lookups, shared by hooks, route loaders and tests. Unlike objects,
 * these answers change as people push versions, so they go stale after a minute. Keys name the
 * server's origin and the token's fingerprint: what a server answers depends on who asks.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  type QueryClient,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query';
import type { ServerAccess } from '../../../api/client';
import type { GraphqlCall } from '../../../api/graphqlClient';
import { answeredBases } from '../../../api/objects';
import { NO_QUERY_RETRIES, retryingQueryFn } from '../../../api/retryingQuery';
import {
  fetchModelVersions,
  fetchProjectModels,
  fetchServerIdentity,
  fetchVersion,
  type Page,
} from './speckleGraphql';
import { tokenFingerprint } from '../../../api/tokenFingerprint';
import { fetchVersionNeighbours } from './versionNeighbours';
import { resolveSpeckleLink, resolveTypedIds } from './resolveLink';
import { explainMissing } from '../../../speckle/links/missingEntries';
import {
  formatViewerResources,
  type SpeckleLink,
  type ViewerResource,
} from '../../../speckle/links/speckleLink';
import { fetchMissingFacts, fetchModelOwnership } from './missingFacts';

export interface GraphqlQueryInput {
  origin: string;
  access: ServerAccess;
}

/** Models and versions a page brings in: enough to fill a screen, few enough to stay quick. */
const MODELS_PAGE_SIZE = 50;
const VERSIONS_PAGE_SIZE = 50;

const STALE_AFTER_MS = 60_000;

function graphqlKey({ origin, access }: GraphqlQueryInput, ...parts: unknown[]) {
  return ['graphql', origin, ...parts, tokenFingerprint(access.token)] as const;
}

/**
 * What a paged query's function is given: the cursor of the page to bring, null for the first.
 * Paged queries name their function before the options: written inline, the page's type is lost to
 * infiniteQueryOptions' inference.
 */
type PageContext = QueryFunctionContext<QueryKey, string | null>;

const queryDefaults = { staleTime: STALE_AFTER_MS, ...NO_QUERY_RETRIES } as const;

function call(
  input: GraphqlQueryInput,
  context: { signal: AbortSignal; client: QueryClient },
): GraphqlCall {
  return { access: input.access, answered: answeredBases(context.client), signal: context.signal };
}

/** The next page's cursor, or undefined when every item is in: no request for an empty page. */
function nextCursor<T>(last: Page<T>, pages: ReadonlyArray<Page<T>>): string | undefined {
  const loaded = pages.reduce((count, page) => count + page.items.length, 0);
  return last.items.length > 0 && loaded < last.totalCount && last.cursor !== null
    ? last.cursor
    : undefined;
}

/**
 * What a pasted link opens: its roots, a page to browse, or why nothing (resolveLink.ts). A resource
 * list is read as typed ids, so a version id alone (which looks like a model id) opens too.
 */
export function speckleLinkQuery(
  input: GraphqlQueryInput & { link: Pick<SpeckleLink, 'projectId' | 'target'> },
) {
  const { projectId, target } = input.link;
  return queryOptions({
    queryKey: graphqlKey(input, 'link', projectId, target),
    queryFn: retryingQueryFn((context) =>
      target.kind === 'resources'
        ? resolveTypedIds(call(input, context), projectId, formatViewerResources(target.resources))
        : resolveSpeckleLink(call(input, context), input.link),
    ),
    ...queryDefaults,
  });
}

export function projectModelsQuery(input: GraphqlQueryInput & { projectId: string }) {
  const { projectId } = input;
  const fetchPage = retryingQueryFn((context: PageContext) =>
    fetchProjectModels(call(input, context), {
      projectId,
      limit: MODELS_PAGE_SIZE,
      cursor: context.pageParam,
    }),
  );
  return infiniteQueryOptions({
    queryKey: graphqlKey(input, 'projectModels', projectId),
    queryFn: fetchPage,
    initialPageParam: null as string | null,
    getNextPageParam: (last, pages) =>
      nextCursor(
        last.models,
        pages.map((page) => page.models),
      ),
    ...queryDefaults,
  });
}

export function modelVersionsQuery(
  input: GraphqlQueryInput & { projectId: string; modelId: string },
) {
  const { projectId, modelId } = input;
  const fetchPage = retryingQueryFn((context: PageContext) =>
    fetchModelVersions(call(input, context), {
      projectId,
      modelId,
      limit: VERSIONS_PAGE_SIZE,
      cursor: context.pageParam,
    }),
  );
  return infiniteQueryOptions({
    queryKey: graphqlKey(input, 'modelVersions', projectId, modelId),
    queryFn: fetchPage,
    initialPageParam: null as string | null,
    getNextPageParam: (last, pages) =>
      nextCursor(
        last.versions,
        pages.map((page) => page.versions),
      ),
    ...queryDefaults,
  });
}

/** Whose model a version list names: the project's own, another project's, or none. */
export function modelOwnershipQuery(
  input: GraphqlQueryInput & { projectId: string; modelId: string },
) {
  const { projectId, modelId } = input;
  return queryOptions({
    queryKey: graphqlKey(input, 'modelOwnership', projectId, modelId),
    queryFn: retryingQueryFn((context) =>
      fetchModelOwnership(call(input, context), projectId, modelId),
    ),
    ...queryDefaults,
  });
}

/** Why `model@version` names no version of the model (speckle/missingEntries.ts). */
export function missingVersionQuery(
  input: GraphqlQueryInput & { projectId: string; modelId: string; versionId: string },
) {
  const { projectId, modelId, versionId } = input;
  const resource: ViewerResource = { kind: 'version', modelId, versionId };
  return queryOptions({
    queryKey: graphqlKey(input, 'missingVersion', projectId, modelId, versionId),
    queryFn: retryingQueryFn(async (context) =>
      explainMissing(
        resource,
        await fetchMissingFacts(call(input, context), projectId, [resource]),
      ),
    ),
    ...queryDefaults,
  });
}

export function versionQuery(input: GraphqlQueryInput & { projectId: string; versionId: string }) {
  const { projectId, versionId } = input;
  return queryOptions({
    queryKey: graphqlKey(input, 'version', projectId, versionId),
    queryFn: retryingQueryFn((context) =>
      fetchVersion(call(input, context), { projectId, versionId }),
    ),
    ...queryDefaults,
  });
}

/** The versions before and after one version of a model (features/links/graphql/versionNeighbours.ts). */
export function versionNeighboursQuery(
  input: GraphqlQueryInput & { projectId: string; modelId: string; versionId: string },
) {
  const { projectId, modelId, versionId } = input;
  return queryOptions({
    queryKey: graphqlKey(input, 'versionNeighbours', projectId, modelId, versionId),
    queryFn: retryingQueryFn((context) =>
      fetchVersionNeighbours(call(input, context), { projectId, modelId, versionId }),
    ),
    ...queryDefaults,
  });
}

export function serverIdentityQuery(input: GraphqlQueryInput) {
  return queryOptions({
    queryKey: graphqlKey(input, 'serverIdentity'),
    queryFn: retryingQueryFn((context) => fetchServerIdentity(call(input, context))),
    ...queryDefaults,
  });
}
