import { Outlet } from 'react-router';
import { ConnectionPanel } from '../features/connection/ConnectionPanel';
import { useDemoServer } from '../connection/useDemoServer';
import { LookupForm } from '../features/lookup/LookupForm';
import { useObjectRoute } from '../shared/useObjectRoute';
import { ThemeSwitch } from './ThemeSwitch';

export function AppLayout() {
  const route = useObjectRoute();
  const demo = useDemoServer();

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
