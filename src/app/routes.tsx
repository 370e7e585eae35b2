import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { ConnectionStore } from '../connection/connectionStore';
import {
  WelcomePanel,
  ObjectPage,
  SpeckleLinkPage,
  isNewLookup,
  warmLookup,
} from '../features/lookup';
import { CHILDREN_PATTERN, SINGLE_PATTERN } from '../routes/objectRoute';
import { SPECKLE_ROUTE_PATTERNS } from '../routes/speckleRoute';
import { COMPARE_PATTERN } from '../routes/compareRoute';
import { AppLayout } from './AppLayout';
import { ComparePage } from '../features/compare';
import { FILES_PATH, FilesResult } from '../features/files';
import { PageError, RouteError } from './RouteError';

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
