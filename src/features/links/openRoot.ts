/**
 * Opening one root of a link, a version list or a version's neighbours at its own viewer route
 * (`/projects/{p}/models/{m}@{v}`): what is known already goes into the query cache first, so
 * that the route asks GraphQL nothing it was told and the object's request leaves at once. A
 * reload, or a link shared, asks the server instead.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { speckleLinkQuery, versionQuery, type GraphqlQueryInput } from './graphql/graphqlQueries';
import type { VersionWithModel } from './graphql/speckleGraphql';
import { rootRoutePath, type LookupMode } from '../../routes/address';
import { LOOKUP_REQUEST } from '../../connection/useLookupServer';
import { rootLink, rootOutcome, type LinkRoot } from '../../speckle/links/linkResolution';

export type RootToOpen = Omit<LinkRoot, 'identifier'>;

export interface RootOpening {
  input: GraphqlQueryInput;
  projectId: string;
  server: string | null;
}

/**
 * Puts what is known of a root in the cache: what its route resolves to (the link its viewer
 * route reads as, rootRoutePath), and its version.
 */
export function useSeedRoot({ input, projectId }: RootOpening) {
  const client = useQueryClient();
  return (root: RootToOpen, version?: VersionWithModel) => {
    client.setQueryData(
      speckleLinkQuery({ ...input, link: rootLink(projectId, root) }).queryKey,
      rootOutcome(root),
    );
    if (version) {
      client.setQueryData(
        versionQuery({ ...input, projectId, versionId: version.id }).queryKey,
        version,
      );
    }
  };
}

/** Opens a root at its viewer route, as a lookup asked for (the form's Get retries a failed one). */
export function useOpenRoot(opening: RootOpening) {
  const navigate = useNavigate();
  const seed = useSeedRoot(opening);
  return (
    root: RootToOpen,
    mode: LookupMode,
    { version, replace = false }: { version?: VersionWithModel; replace?: boolean } = {},
  ) => {
    seed(root, version);
    void navigate(rootRoutePath(opening.projectId, root, opening.server, mode), {
      replace,
      state: LOOKUP_REQUEST,
    });
  };
}
