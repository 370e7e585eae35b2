import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { speckleLinkQuery, type GraphqlQueryInput } from './graphql/graphqlQueries';
import { rootRoutePath, speckleRoutePath, type LookupMode } from '../../routes/address';
import { LOOKUP_REQUEST } from '../../connection/useLookupServer';
import type { LinkRoot } from '../../speckle/links/linkResolution';
import type { LinkTarget, ProjectLink } from '../../speckle/links/speckleLink';
import { QueryRetryWait } from '../../shared/waits/QueryRetryWait';
import { GraphqlAlert } from './GraphqlAlert';
import { useOpenRoot, useSeedRoot, type RootOpening } from './openRoot';
import { MissingEntries } from '../../shared/MissingEntries';
import { failedOutcomeMessage, withheldMessage } from '../../shared/outcomeMessages';
import { ProjectListing } from './ProjectListing';
import { RootChoice } from './RootChoice';

/**
 * Resolves a link with one GraphQL round trip: one root is shown at the link's own address (a
 * legacy or embed link moves to the viewer route of that root first, as Speckle's web app does),
 * several are offered as a choice, a project or model opens its list (an embedded branch its model
 * in the viewer), anything else says why not.
 */
export function LinkResolution({
  input,
  link,
  server,
  mode,
  atViewerAddress,
  renderRoot,
}: {
  input: GraphqlQueryInput;
  link: ProjectLink;
  server: string | null;
  mode: LookupMode;
  /**
   * Whether the address is a viewer route, `/projects/{p}/models/{resources}`: a result moves
   * within itself with `?object=`, which a legacy or embed address reads as its own (`&object=`).
   */
  atViewerAddress: boolean;
  /** The result of the one root the link names, shown here. */
  renderRoot: (root: LinkRoot) => ReactNode;
}) {
  const { projectId } = link;
  const opening = { input, projectId, server };
  const seed = useSeedRoot(opening);
  const options = speckleLinkQuery({ ...input, link });
  const query = useQuery(options);
  if (query.isPending) {
    return (
      <QueryRetryWait queryKey={options.queryKey}>
        <p role="status">Resolving the link on the server…</p>
      </QueryRetryWait>
    );
  }
  if (query.isError)
    return <GraphqlAlert error={query.error} onRetry={() => void query.refetch()} />;
  const outcome = query.data;
  if (outcome.kind === 'nothing-matched') {
    return (
      <MissingEntries
        projectId={projectId}
        server={server}
        entries={outcome.unmatched}
        role="alert"
      />
    );
  }
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
    case 'model-versions':
      return (
        <ProjectListing input={input} projectId={projectId} server={server} listing={outcome} />
      );
    case 'model':
      return (
        <MoveToModelRoute
          path={speckleRoutePath(projectId, modelTarget(outcome.modelId), server, mode)}
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
    if (atViewerAddress) return renderRoot(only);
    return <MoveToViewerRoute opening={opening} root={only} mode={mode} />;
  }
  return (
    <>
      {unmatched.length > 0 && (
        <MissingEntries projectId={projectId} server={server} entries={unmatched} role="note" />
      )}
      {withheld.length > 0 && <p role="note">{withheldMessage(withheld)}</p>}
      <RootChoice
        input={input}
        projectId={projectId}
        roots={roots}
        pathOf={(root) => rootRoutePath(projectId, root, server, mode)}
        onOpen={(root) => seed(root)}
      />
    </>
  );
}

/**
 * A legacy commit or embed link in the web app's current form: its root's viewer route, where the
 * result and Back, Forward and reload work as for any viewer link (this address is left out of
 * the history, as a redirect would be).
 */
function MoveToViewerRoute({
  opening,
  root,
  mode,
}: {
  opening: RootOpening;
  root: LinkRoot;
  mode: LookupMode;
}) {
  const open = useOpenRoot(opening);
  const path = rootRoutePath(opening.projectId, root, opening.server, mode);
  const move = useEffectEvent(() => open(root, mode, { replace: true }));
  // The path names everything the move depends on.
  useEffect(() => move(), [path]);
  return <p role="status">Opening {path}…</p>;
}

/**
 * An embedded branch link in the web app's current form: its model's viewer route, which opens
 * the model's newest version (left out of the history, as a redirect would be).
 */
function MoveToModelRoute({ path }: { path: string }) {
  const navigate = useNavigate();
  const move = useEffectEvent(() => void navigate(path, { replace: true, state: LOOKUP_REQUEST }));
  useEffect(() => move(), [path]);
  return <p role="status">Opening {path}…</p>;
}

function modelTarget(modelId: string): LinkTarget {
  return { kind: 'resources', resources: [{ kind: 'model', modelId }] };
}
