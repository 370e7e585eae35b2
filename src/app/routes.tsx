import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { ConnectionStore } from '../connection/connectionStore';
import { WelcomePanel, ObjectPage, SpeckleLinkPage } from '../features/lookup';
import { warmLookup } from '../objects/load/lookup';
import {
  CHILDREN_PATTERN,
  COMPARE_PATTERN,
  FILES_PATH,
  SINGLE_PATTERN,
  SPECKLE_ROUTE_PATTERNS,
  isNewLookup,
} from '../routes/address';
import { AppLayout } from './AppLayout';
import { ComparePage } from '../features/compare';
import { FilesResult } from '../features/files';
import { PageError, RouteError } from './RouteError';

export function createAppRoutes({
  queryClient,
  connections,
}: {
  queryClient: QueryClient;
  connections: ConnectionStore;
}): RouteObject[] {
  const objectRoute = (path: string): RouteObject => ({
    path,
    loader: ({ request }) => warmLookup(queryClient, connections, new URL(request.url)),
    // The loader only starts a request and returns: while the router awaits it on a first visit,
    // the layout is drawn with nothing under it (without this, nothing of the app is drawn).
    HydrateFallback: () => null,
    shouldRevalidate: isNewLookup,
    element: <ObjectPage />,
    errorElement: <PageError />,
  });
  return [
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <WelcomePanel />, errorElement: <PageError /> },
        objectRoute(CHILDREN_PATTERN),
        objectRoute(SINGLE_PATTERN),
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
