import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { RouteError } from './RouteError';

/** Loads a page module on first visit; `name` is the component it exports. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/** One line per route; each page is its own chunk. Guards and layouts wrap these as children. */
export const routes: RouteObject[] = [
  {
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', lazy: page(() => import('@/features/landing/LandingPage'), 'LandingPage') },
      { path: '/home', lazy: page(() => import('@/features/landing/LandingPage'), 'LandingPage') },
      { path: '/status', lazy: page(() => import('@/features/status/StatusPage'), 'StatusPage') },
      { path: '*', lazy: page(() => import('./NotFoundPage'), 'NotFoundPage') },
    ],
  },
];

export const router = createBrowserRouter(routes);
