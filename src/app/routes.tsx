import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { ConnectionStore } from '../connection/connectionStore';
import { WelcomePanel } from '../features/lookup/WelcomePanel';
import { CHILDREN_PATTERN, SINGLE_PATTERN } from '../shared/objectRoute';
import { SPECKLE_ROUTE_PATTERNS } from '../shared/speckleRoute';
import { AppLayout } from './AppLayout';
import { ObjectPage } from './pages/ObjectPage';
import { SpeckleLinkPage } from './pages/SpeckleLinkPage';
import { PageError, RouteError } from './RouteError';
import { isNewLookup, warmLookup } from './warmLookup';

export function createAppRoutes({
  queryClient,
  connections,
}: {
  queryClient: QueryClient;
  connections: ConnectionStore;
}): RouteObject[] {
  const objectRoute = (path: string, mode: 'single' | 'children'): RouteObject => ({
    path,
    loader: ({ request }) => warmLookup(queryClient, connections, new URL(request.url)),
    shouldRevalidate: isNewLookup,
    element: <ObjectPage mode={mode} />,
    errorElement: <PageError />,
  });
  return [
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <WelcomePanel />, errorElement: <PageError /> },
        objectRoute(CHILDREN_PATTERN, 'children'),
        objectRoute(SINGLE_PATTERN, 'single'),
        ...SPECKLE_ROUTE_PATTERNS.map((path) => ({
          path,
          element: <SpeckleLinkPage />,
          errorElement: <PageError />,
        })),
        { path: '*', element: <WelcomePanel notFound /> },
      ],
    },
  ];
}
