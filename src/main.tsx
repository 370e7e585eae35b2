import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { prepareIndexWorker } from './objects/load/indexChannel';
import { removeStaleSpills } from './objects/spill/spillDirectory';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/queryClient';
import { createAppRoutes } from './app/routes';
import { ConnectionStore } from './connection/connectionStore';
import { applyThemeChoice, readThemeChoice } from './app/theme';
import './app/app.css';

applyThemeChoice(readThemeChoice(localStorage), document.documentElement);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const connections = new ConnectionStore({ local: localStorage, session: sessionStorage });
createRoot(root).render(
  <StrictMode>
    <AppProviders
      router={createBrowserRouter(createAppRoutes({ queryClient, connections }))}
      queryClient={queryClient}
      connections={connections}
    />
  </StrictMode>,
);

// The first load with children then finds its indexer started and warmed up.
prepareIndexWorker();

// What closed tabs spilled to disk (docs/storage.md) is removed once the page is first idle.
requestIdleCallback(() => void removeStaleSpills().catch(() => undefined));
