import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { ConnectionProvider } from '../connection/ConnectionProvider';
import type { ConnectionStore } from '../connection/connectionStore';
import { AddressRewrites, LastRewrite } from '../shared/addressRewrite';

type Router = ReturnType<typeof createBrowserRouter>;

function drawAtOnce(update: () => unknown): undefined {
  flushSync(update);
}

export function AppProviders({
  router,
  queryClient,
  connections,
}: {
  router: Router;
  queryClient: QueryClient;
  connections: ConnectionStore;
}) {
  const [lastRewrite] = useState(() => new LastRewrite());
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionProvider store={connections}>
        <AddressRewrites value={lastRewrite}>
          {/* react-dom's flushSync, for navigations drawn at once (`navigate(…, { flushSync })`). */}
          <RouterProvider router={router} flushSync={drawAtOnce} />
        </AddressRewrites>
      </ConnectionProvider>
    </QueryClientProvider>
  );
}
