import { useConnectionStore } from '../../connection/useConnections';
import { CompareView } from '../../features/compare/CompareView';
import type { CompareContext } from '../../features/compare/CompareResult';
import { useCompareRoute } from '../../shared/useCompareRoute';
import { objectQueryInput } from '../../shared/lookupQuery';
import { objectRoutePath } from '../../shared/objectRoute';
import { useLookupServer } from '../../shared/useLookupServer';
import { lookupIdsProblem } from '../../speckle/ids';

/** `/compare/:projectId/:fromObjectId/:toObjectId`: two roots of one server, loaded and compared. */
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
  const refused =
    lookupIdsProblem(route.projectId, route.fromId) ??
    lookupIdsProblem(route.toProjectId, route.toId);
  if (refused) {
    return (
      <p role="alert" className="alert">
        {refused.message}
      </p>
    );
  }
  if (route.server && !server.server) return <p role="status">Connecting to {route.server}…</p>;
  if (!server.ok) {
    return (
      <p role="alert" className="alert">
        {server.problem}
      </p>
    );
  }
  const from = objectQueryInput(server, store, {
    projectId: route.projectId,
    objectId: route.fromId,
  });
  const to = objectQueryInput(server, store, {
    projectId: route.toProjectId,
    objectId: route.toId,
  });
  const context: CompareContext = {
    host: new URL(server.origin).host,
    from: { projectId: route.projectId, rootId: route.fromId },
    to: { projectId: route.toProjectId, rootId: route.toId },
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
