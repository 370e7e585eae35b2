import type { ConnectionStore } from '../../connection/connectionStore';
import type { ActiveServer } from '../../connection/activeServer';
import { useConnectionStore } from '../../connection/useConnections';
import { CompareView } from './CompareView';
import { MissingEntries } from '../../shared/MissingEntries';
import type { CompareContext } from './compareContext';
import type { CompareRoute } from '../../routes/compareRoute';
import { useCompareRoute } from '../../routes/useCompareRoute';
import { objectQueryInput } from '../../objects/load/lookupQuery';
import { objectRoutePath } from '../../routes/objectRoute';
import { useLookupServer } from '../../connection/useLookupServer';
import type { ComparedSide } from './core/comparedSide';
import { compareRouteProblem, type SideName } from './core/sideReference';
import { useComparedSide, type SideResolution } from './useComparedSide';

/**
 * `/compare/:projectId/:from/:to`: two sides of one server, each an object id or a version, model
 * or `model@version` resolved to its root, loaded and compared.
 */
export function ComparePage() {
  const route = useCompareRoute();
  const store = useConnectionStore();
  const server = useLookupServer(
    route && {
      mode: 'children',
      projectId: `${route.projectId}/${route.toProjectId}`,
      objectId: `${route.fromId}/${route.toId}`,
      server: route.server,
    },
  );
  if (!route) return <p role="alert">This is not a comparison address.</p>;
  const refused = compareRouteProblem(route);
  if (refused) {
    return (
      <p role="alert" className="alert">
        {refused}
      </p>
    );
  }
  if (!server.ok) {
    return (
      <p role="alert" className="alert">
        {server.problem}
      </p>
    );
  }
  return <ResolvedComparison route={route} server={server} store={store} />;
}

function ResolvedComparison({
  route,
  server,
  store,
}: {
  route: CompareRoute;
  server: Extract<ActiveServer, { ok: true }>;
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
  const inputOf = (side: ComparedSide) =>
    objectQueryInput(server, store, { projectId: side.projectId, objectId: side.rootId });
  const from = inputOf(fromSide.side);
  const to = inputOf(toSide.side);
  const context: CompareContext = {
    host: new URL(server.origin).host,
    from: fromSide.side,
    to: toSide.side,
    treeHref: (side, id) => {
      const root = side === 'from' ? from : to;
      const path = objectRoutePath({
        projectId: root.projectId,
        objectId: root.objectId,
        mode: 'children',
        server: route.server,
      });
      return `${path}${path.includes('?') ? '&' : '?'}object=${encodeURIComponent(id)}`;
    },
  };
  return <CompareView from={from} to={to} context={context} />;
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
