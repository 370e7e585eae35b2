import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ConnectionPanel } from '../features/connection/ConnectionPanel';
import { useConnectionStore } from '../connection/useConnections';
import { useDemoServer } from '../connection/useDemoServer';
import { LookupForm } from '../features/lookup/LookupForm';
import { parseObjectRoute } from '../shared/objectRoute';
import { ThemeSwitch } from './ThemeSwitch';

export function AppLayout() {
  const location = useLocation();
  const route = parseObjectRoute(location.pathname, location.search);
  const demo = useDemoServer();
  useServerFromRoute(route?.server ?? null);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Speckle Object Explorer</h1>
        <p className="tagline">See exactly what a Speckle server stores.</p>
        <ThemeSwitch />
      </header>
      <div className="app-body">
        <aside className="sidebar">
          <ConnectionPanel />
          <LookupForm
            // A new route (a reload, a shared link, back and forward) refills the fields.
            key={route ? `${route.projectId}/${route.objectId}` : 'empty'}
            route={route}
            demoObjects={demo.manifest?.objects ?? []}
          />
        </aside>
        <main className="results" id="results">
          {demo.settled ? <Outlet /> : <p role="status">Starting…</p>}
        </main>
      </div>
    </div>
  );
}

/** A shared link names its server with `?server=`: select it, adding it (without token) if new. */
function useServerFromRoute(server: string | null) {
  const store = useConnectionStore();
  useEffect(() => {
    if (server) store.selectOrAddByAddress(server);
  }, [server, store]);
}
