import type { ConnectionStore } from '../../connection/connectionStore';
import type { UsableServer } from '../../connection/activeServer';
import { useConnectionStore } from '../../connection/useConnections';
import { CompareView } from './CompareView';
import { MissingEntries } from '../../shared/MissingEntries';
import type { CompareContext } from './compareContext';
import { objectRoutePath, type Comparison } from '../../routes/address';
import { useAddress } from '../../routes/useAddress';
import { resolveLookup } from '../../objects/load/lookup';
import { useLookupServer } from '../../connection/useLookupServer';
import type { ComparedSide } from './core/comparedSide';
import { compareRouteProblem, type SideName } from './core/sideReference';
import { useComparedSide, type SideResolution } from './useComparedSide';

/**
 * `/compare/:projectId/:from/:to`: two sides of one server, each an object id or a version, model
 * or `model@version` resolved to its root, loaded and compared.
 */
export function ComparePage() {
  const route = useAddress();
  const store = useConnectionStore();
  const server = useLookupServer(route);
  if (route.kind !== 'compare') return <p role="alert">This is not a comparison address.</p>;
  const refused = compareRouteProblem(route);
  if (refused) return <Refused problem={refused} />;
  if (!server.ok) return <Refused problem={server.problem} />;
  return <ResolvedComparison route={route} server={server} store={store} />;
}

function ResolvedComparison({
  route,
  server,
  store,
}: {
  route: Comparison;
  server: UsableServer;
  store: ConnectionStore;
}) {
  const input = { origin: server.origin, access: server.access };
  const fromSide = useComparedSide(input, 'first', route.projectId, route.fromId);
  const toSide = useComparedSide(input, 'second', route.toProjectId, route.toId);
  if (fromSide.state !== 'resolved' || toSide.state !== 'resolved') {
    return (
      <>
        <SideResolutionNote
          name="first"
          resolution={fromSide}
          projectId={route.projectId}
          server={route.server}
        />
        <SideResolutionNote
          name="second"
          resolution={toSide}
          projectId={route.toProjectId}
          server={route.server}
        />
      </>
    );
  }
  // Each side's root is looked up as an object route looks it up, there to open in its tree.
  const lookupOf = (side: ComparedSide) =>
    resolveLookup(
      { projectId: side.projectId, objectId: side.rootId, mode: 'children', server: route.server },
      server,
      store,
    );
  const from = lookupOf(fromSide.side);
  const to = lookupOf(toSide.side);
  if (!from.ok) return <Refused problem={from.problem} />;
  if (!to.ok) return <Refused problem={to.problem} />;
  const context: CompareContext = {
    host: new URL(server.origin).host,
    from: fromSide.side,
    to: toSide.side,
    treeHref: (side, id) => objectRoutePath((side === 'from' ? from : to).lookup, id),
  };
  return <CompareView from={from} to={to} context={context} />;
}

function Refused({ problem }: { problem: string }) {
  return (
    <p role="alert" className="alert">
      {problem}
    </p>
  );
}

/** A side still being resolved, or why it cannot be, with Retry where asking again can help. */
function SideResolutionNote({
  name,
  resolution,
  projectId,
  server,
}: {
  name: SideName;
  resolution: SideResolution;
  projectId: string;
  server: string | null;
}) {
  switch (resolution.state) {
    case 'resolved':
      return null;
    case 'resolving':
      return <p role="status">{resolution.note}</p>;
    case 'failed':
      return (
        <div role="alert" className="alert">
          <p>{resolution.message}</p>
          {resolution.missing && (
            <MissingEntries
              projectId={projectId}
              server={server}
              entries={resolution.missing}
              role="note"
            />
          )}
          {resolution.retry && (
            <button type="button" aria-label={`Retry the ${name} side`} onClick={resolution.retry}>
              Retry
            </button>
          )}
        </div>
      );
  }
}
