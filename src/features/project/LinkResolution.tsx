import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { speckleLinkQuery, type GraphqlQueryInput } from '../../api/graphqlQueries';
import { objectRoutePath } from '../../shared/objectRoute';
import { LOOKUP_REQUEST } from '../../shared/useLookupServer';
import type { LinkRoot } from '../../speckle/linkResolution';
import type { SpeckleLink } from '../../speckle/speckleLink';
import { GraphqlAlert } from './GraphqlAlert';
import { ModelVersions } from './ModelVersions';
import { failedOutcomeMessage, unmatchedMessage, withheldMessage } from './outcomeMessages';
import { ProjectModels } from './ProjectModels';
import { RootChoice } from './RootChoice';
import { versionLookupState } from './versionOrigin';

/**
 * Resolves a link with one GraphQL round trip: one root opens at once with its children, several
 * are offered as a choice, a project or model opens its list, anything else says why not.
 */
export function LinkResolution({
  input,
  link,
  server,
}: {
  input: GraphqlQueryInput;
  link: SpeckleLink;
  server: string | null;
}) {
  const { projectId } = link;
  const query = useQuery(speckleLinkQuery({ ...input, link }));
  if (query.isPending) return <p role="status">Resolving the link on the server…</p>;
  if (query.isError)
    return <GraphqlAlert error={query.error} onRetry={() => void query.refetch()} />;
  const outcome = query.data;
  const failed = failedOutcomeMessage(projectId, outcome);
  if (failed) {
    return (
      <p role="alert" className="alert">
        {failed}
      </p>
    );
  }
  switch (outcome.kind) {
    case 'project':
      return <ProjectModels input={input} projectId={projectId} server={server} />;
    case 'model-versions':
      return (
        <ModelVersions
          input={input}
          projectId={projectId}
          modelId={outcome.modelId}
          server={server}
        />
      );
    case 'roots':
      break;
    default:
      return null;
  }
  const { roots, unmatched, withheld } = outcome;
  const [only] = roots;
  if (only && roots.length === 1 && unmatched.length === 0 && withheld.length === 0) {
    return (
      <Navigate replace to={rootPath(projectId, only, server)} state={rootState(projectId, only)} />
    );
  }
  return (
    <>
      {unmatched.length > 0 && <p role="note">{unmatchedMessage(projectId, unmatched)}</p>}
      {withheld.length > 0 && <p role="note">{withheldMessage(withheld)}</p>}
      <RootChoice
        input={input}
        projectId={projectId}
        roots={roots}
        pathOf={(root) => rootPath(projectId, root, server)}
        stateOf={(root) => rootState(projectId, root)}
      />
    </>
  );
}

/** A version's root carries where it came from; an object link's root is a plain lookup. */
function rootState(projectId: string, { modelId, versionId }: LinkRoot) {
  return modelId && versionId
    ? versionLookupState({ projectId, modelId, versionId })
    : LOOKUP_REQUEST;
}

function rootPath(projectId: string, root: LinkRoot, server: string | null): string {
  return objectRoutePath({ projectId, objectId: root.objectId, mode: 'children', server });
}
