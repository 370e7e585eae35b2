import { useLocation } from 'react-router';
import type { ObjectQueryInput } from '../api/objects';
import { parseObjectRoute, type LookupMode } from '../app/objectRoute';
import { activeServer, serverForAddress } from '../connection/activeServer';
import { useConnectionState, useConnectionStore } from '../connection/useConnections';
import { ChildrenResult } from './ChildrenResult';
import { SingleObjectResult } from './SingleObjectResult';

export function ObjectPage({ mode }: { mode: LookupMode }) {
  const location = useLocation();
  const route = parseObjectRoute(location.pathname, location.search);
  const projectId = route?.projectId ?? '';
  const objectId = route?.objectId ?? '';
  const serverInRoute = route?.server ?? null;
  const store = useConnectionStore();
  const state = useConnectionState();
  // The route names its server when several are saved: that one answers, whatever is selected.
  const server = serverInRoute ? serverForAddress(state, serverInRoute) : activeServer(state);

  if (serverInRoute && !server.server) {
    // The layout saves the route's server on its first render; this shows only for that moment.
    return <p role="status">Connecting to {serverInRoute}…</p>;
  }
  if (!server.ok) {
    return (
      <p role="alert" className="alert">
        {server.problem}
      </p>
    );
  }
  const input: ObjectQueryInput = {
    origin: server.origin,
    access: server.access,
    projectId,
    objectId,
    onBaseResolved: (base) => store.rememberWorkingBase(server.server.id, base),
  };
  const host = new URL(server.origin).host;
  // The built-in demo server has no web app to open objects in; real servers do.
  const webApp = !server.server.isDemo;
  return mode === 'single' ? (
    <SingleObjectResult input={input} host={host} webApp={webApp} />
  ) : (
    <ChildrenResult input={input} host={host} webApp={webApp} />
  );
}
