import type { RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { ObjectPage } from './pages/ObjectPage';
import { WelcomePanel } from '../features/lookup/WelcomePanel';
import { RouteError } from './RouteError';
import { CHILDREN_PATTERN, SINGLE_PATTERN } from '../shared/objectRoute';

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <WelcomePanel /> },
      { path: CHILDREN_PATTERN, element: <ObjectPage mode="children" /> },
      { path: SINGLE_PATTERN, element: <ObjectPage mode="single" /> },
      { path: '*', element: <WelcomePanel notFound /> },
    ],
  },
];
