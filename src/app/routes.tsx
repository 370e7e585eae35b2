import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { ConnectionStore } from '../connection/connectionStore';
import { WelcomePanel } from '../features/lookup/WelcomePanel';
import { CHILDREN_PATTERN, SINGLE_PATTERN } from '../shared/routes/objectRoute';
import { SPECKLE_ROUTE_PATTERNS } from '../shared/routes/speckleRoute';
import { COMPARE_PATTERN } from '../shared/routes/compareRoute';
import { AppLayout } from './AppLayout';
import { ComparePage } from './pages/ComparePage';
import { FILES_PATH } from './openedFiles';
import { FilesResult } from './pages/FilesResult';
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
    // The loader only starts a request and returns: while the router awaits it on a first visit,
    // the layout is drawn with nothing under it (without this, nothing of the app is drawn).
    HydrateFallback: () => null,
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
        { path: COMPARE_PATTERN, element: <ComparePage />, errorElement: <PageError /> },
        { path: FILES_PATH, element: <FilesResult />, errorElement: <PageError /> },
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
