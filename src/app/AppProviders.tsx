import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { ConnectionProvider } from '../connection/ConnectionProvider';
import type { ConnectionStore } from '../connection/connectionStore';

type Router = ReturnType<typeof createBrowserRouter>;

export function AppProviders({
  router,
  queryClient,
  connections,
}: {
  router: Router;
  queryClient: QueryClient;
  connections: ConnectionStore;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionProvider store={connections}>
        <RouterProvider router={router} />
      </ConnectionProvider>
    </QueryClientProvider>
  );
}
