import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { PublicLayout } from './PublicLayout';
import { RouteError } from './RouteError';
import type { RoleName, SessionUser } from './session/user';

/** Loads a page module on first visit; `name` is the component it exports. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * The diary's screens, inside the signed-in layout (roles lawyer, moderator, demo).
 * One line per route; each page is its own chunk.
 */
export const signedInRoutes: RouteObject[] = [
  { path: '/dashboard', lazy: page(() => import('./composition/DashboardRoute'), 'DashboardRoute') },
  { path: '/cases', lazy: page(() => import('@/features/cases/pages/CasesPage'), 'CasesPage') },
  // A splat: a case number's raw slashes (/cases/MCCC/E1234/2025) still name one case.
  { path: '/cases/*', lazy: page(() => import('./composition/CaseDetailRoute'), 'CaseDetailRoute') },
  { path: '/cases-report', lazy: page(() => import('@/features/report/pages/CasesReportPage'), 'CasesReportPage') },
  { path: '/notifications', lazy: page(() => import('@/features/notifications/pages/NotificationsPage'), 'NotificationsPage') },
  { path: '/calendar', lazy: page(() => import('@/features/calendar/pages/CalendarPage'), 'CalendarPage') },
  { path: '/cause-lists', lazy: page(() => import('@/features/causelists/CauseListsPage'), 'CauseListsPage') },
  { path: '/clients', lazy: page(() => import('@/features/clients/pages/ClientsPage'), 'ClientsPage') },
  { path: '/clients/:id', lazy: page(() => import('@/features/clients/pages/ClientProfilePage'), 'ClientProfilePage') },
  { path: '/settings', lazy: page(() => import('@/features/settings/SettingsPage'), 'SettingsPage') },
  { path: '/firm', lazy: page(() => import('@/features/firm/pages/FirmPage'), 'FirmPage') },
  { path: '/firm/join', lazy: page(() => import('@/features/firm/pages/JoinFirmPage'), 'JoinFirmPage') },
  { path: '/connect-extension', lazy: page(() => import('@/features/extension/ConnectExtensionPage'), 'ConnectExtensionPage') },
];

/** The layout of the routes that call the server through connect-query (ConnectLayout). */
const connectLayout = page(() => import('./ConnectLayout'), 'ConnectLayout');

/**
 * Public pages share the public header; none of them loads signed-in code, nor (but the payment
 * result, which asks the server about the payment) the Connect client.
 */
const publicRoutes: RouteObject[] = [
  { path: '/', lazy: page(() => import('@/features/landing/LandingPage'), 'RootPage') },
  { path: '/home', lazy: page(() => import('@/features/landing/LandingPage'), 'LandingPage') },
  { path: '/affiliate', lazy: page(() => import('@/features/affiliate/AffiliatePage'), 'AffiliatePage') },
  { path: '/privacy', lazy: page(() => import('@/features/landing/PrivacyPage'), 'PrivacyPage') },
  { path: '/login', lazy: page(() => import('@/features/auth/LoginPage'), 'LoginPage') },
  { path: '/register', lazy: page(() => import('@/features/auth/RegisterPage'), 'RegisterPage') },
  { path: '/forgot-password', lazy: page(() => import('@/features/auth/ForgotPasswordPage'), 'ForgotPasswordPage') },
  { path: '/verify-reset-code', lazy: page(() => import('@/features/auth/VerifyResetCodePage'), 'VerifyResetCodePage') },
  {
    lazy: connectLayout,
    children: [{ path: '/success', lazy: page(() => import('@/features/billing/PaymentResultPage'), 'PaymentResultPage') }],
  },
  { path: '*', lazy: page(() => import('@/features/notfound/NotFoundPage'), 'NotFoundPage') },
];

/**
 * SPEC.md section 2: a diary role (lawyer, moderator, the demo) opening the affiliate dashboard
 * goes to /dashboard at once, anyone else without the role to /login. Sending the signed-in demo
 * to /login looped: /login sends a signed-in visitor back where they came from.
 */
export const affiliateOnly = (user: { role: string }) =>
  user.role === 'lawyer' || user.role === 'moderator' || user.role === 'demo' ? '/dashboard' : '/login';

/** A RouteGuard, loaded with the routes it guards: the public pages never draw it (issue 17). */
function guard(roles: readonly RoleName[], otherRoles?: (user: SessionUser) => string) {
  return async () => {
    const { RouteGuard } = await import('./RouteGuard');
    return { element: <RouteGuard roles={roles} otherRoles={otherRoles} /> };
  };
}

export const routes: RouteObject[] = [
  {
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { Component: PublicLayout, children: publicRoutes },
      {
        lazy: connectLayout,
        children: [
          {
            lazy: guard(['affiliate'], affiliateOnly),
            children: [
              {
                path: '/affiliate-dashboard',
                lazy: page(() => import('@/features/affiliate/AffiliateDashboardPage'), 'AffiliateDashboardPage'),
              },
            ],
          },
          {
            lazy: guard(['lawyer', 'moderator', 'demo']),
            children: [{ lazy: page(() => import('./shell/AppLayout'), 'AppLayout'), children: signedInRoutes }],
          },
        ],
      },
    ],
  },
];

/**
 * Loads the modules of the routes that match `pathname` and writes them into the route objects,
 * before the router is made: the first render then draws the page itself, not HydrateFallback,
 * which is what a prerendered page (and its hydration) needs, and the page's chunk is fetched
 * at once rather than after the router starts.
 */
export async function loadRoutesOf(pathname: string, tree: RouteObject[] = routes): Promise<void> {
  const matches = matchRoutes(tree, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** The browser's router, made once the current route's modules are in (loadRoutesOf). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
