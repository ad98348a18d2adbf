import { create } from '@bufbuild/protobuf';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { CaseService, ListCaseActivitiesResponseSchema, ListScheduledCasesResponseSchema } from '@gen/kesi/v1/case_pb';
import { setCallData } from '@/api/keys';
import { App } from '@/app/App';
import { createQueryClient } from '@/app/queryClient';
import { loadRoutesOf, routes } from '@/app/router';
import { createSessionStore } from '@/app/session/SessionProvider';
import { USER_KEY } from '@/app/session/user';
import { formatLongDate, fromIsoDate, todayIsoDate } from '@/lib/dates';

/**
 * The public pages prerendered at build time (issue 17): their text shows before any script runs,
 * then main.tsx hydrates them. Each is written to dist as the file the Go server answers its path
 * with (backend/internal/web: `/` answers root.html, `/login` login.html).
 */
export const PUBLIC_PAGES: Record<string, string> = {
  '/': 'root.html',
  '/affiliate': 'affiliate.html',
  '/privacy': 'privacy.html',
  '/login': 'login.html',
  '/register': 'register.html',
  '/forgot-password': 'forgot-password.html',
};

/** The source modules of each page, whose chunks the prerendered HTML preloads. */
export const PAGE_MODULES: Record<string, string[]> = {
  '/': ['src/features/landing/LandingPage.tsx'],
  '/affiliate': ['src/features/affiliate/AffiliatePage.tsx'],
  '/privacy': ['src/features/landing/PrivacyPage.tsx'],
  '/login': ['src/features/auth/LoginPage.tsx'],
  '/register': ['src/features/auth/RegisterPage.tsx'],
  '/forgot-password': ['src/features/auth/ForgotPasswordPage.tsx'],
};

/**
 * What every signed-in screen loads before it draws: the Connect layout, the route guard, the
 * shell, and what the app loads at once for a signed-in person (the diary kept on the device, its
 * prefetch, the update prompt, the outcome-conflict dialog).
 */
const SIGNED_IN_SHELL = [
  'src/app/ConnectLayout.tsx',
  'src/app/RouteGuard.tsx',
  'src/app/shell/AppLayout.tsx',
  'src/app/diaryPersistence.ts',
  'src/app/offline/prefetch.ts',
  'src/app/UpdatePrompt.tsx',
  'src/app/offline/ConflictDialog.tsx',
];

/**
 * The signed-in screens' own HTML (issue 17): not rendered (they are the person's diary), but
 * preloading every chunk and stylesheet the screen needs from the first byte, in parallel with
 * the entry, rather than in waves as the router finds them. The Go server answers each path with
 * its file, as for the public pages.
 */
export const SIGNED_IN_PAGES: Record<string, { file: string; modules: string[] }> = {
  // The dashboard the server painted puts its matters into the cache with app/offline/painted.
  '/dashboard': { file: 'dashboard.html', modules: [...SIGNED_IN_SHELL, 'src/app/offline/painted.ts', 'src/app/composition/DashboardRoute.tsx'] },
  '/cases': { file: 'cases.html', modules: [...SIGNED_IN_SHELL, 'src/features/cases/pages/CasesPage.tsx'] },
  '/calendar': { file: 'calendar.html', modules: [...SIGNED_IN_SHELL, 'src/features/calendar/pages/CalendarPage.tsx'] },
  '/notifications': { file: 'notifications.html', modules: [...SIGNED_IN_SHELL, 'src/features/notifications/pages/NotificationsPage.tsx'] },
  '/clients': { file: 'clients.html', modules: [...SIGNED_IN_SHELL, 'src/features/clients/pages/ClientsPage.tsx'] },
  '/cases-report': { file: 'cases-report.html', modules: [...SIGNED_IN_SHELL, 'src/features/report/pages/CasesReportPage.tsx'] },
  '/settings': { file: 'settings.html', modules: [...SIGNED_IN_SHELL, 'src/features/settings/SettingsPage.tsx'] },
};

/** A storage that holds nothing: at build time nobody is signed in. */
function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

/** The HTML inside #root of `path` as a visitor's browser first draws it (the same tree as main.tsx). */
export async function render(path: string): Promise<string> {
  return renderAt(path, emptyStorage());
}

async function renderAt(path: string, storage: Storage, client?: ReturnType<typeof createQueryClient>): Promise<string> {
  await loadRoutesOf(path);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://kesi.invalid${path}`));
  if (context instanceof Response) throw new Error(`prerender ${path}: the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const session = createSessionStore(storage);
  session.start();
  return renderToString(
    <StrictMode>
      <App
        router={router}
        session={session}
        queryClient={client}
        diaryRestored={client !== undefined}
        view={<StaticRouterProvider router={router} context={context} hydrate={false} />}
      />
    </StrictMode>,
  );
}

/**
 * The tokens of the dashboard's page as the server paints it (backend/internal/web: paint.go), each
 * replaced there by the signed-in advocate's own text, escaped.
 */
export const PAINT_TOKENS = {
  name: '@@NAME@@',
  caseId: '@@CASEID@@',
  id: '@@REF@@',
  when: '@@WHEN@@',
  activity: '@@ACTIVITY@@',
  court: '@@COURT@@',
  parties: '@@PARTIES@@',
  attending: '@@ATTENDING@@',
  outcome: '@@OUTCOME@@',
} as const;

/** The parts of a sitting's card drawn only when the sitting has them. */
export type PaintOptional = 'activity' | 'court' | 'parties' | 'attending';

/** A sitting's last outcome: one recorded, none yet, or not known (still loading). */
export type PaintOutcome = 'outcome' | 'nooutcome' | 'outcomeloading';

/**
 * The signed-in dashboard as its first render draws it on a wide screen (the sidebar open) for a
 * lawyer with one sitting on `today` ('YYYY-MM-DD', today in Nairobi: the page reads its own) whose fields are PAINT_TOKENS, less the optional parts in `without`.
 * scripts/prerender.mjs makes the server's template of it (issue 17: on a cold visit of a phone
 * the app's scripts take seconds to arrive; the page the server sends draws today's matters).
 */
export async function renderDashboard(today: string, without: readonly PaintOptional[] = [], outcome: PaintOutcome = 'outcome'): Promise<string> {
  const T = PAINT_TOKENS;
  const client = createQueryClient();
  const has = (part: PaintOptional) => !without.includes(part);
  const answer = create(ListScheduledCasesResponseSchema, {
    cases: [
      {
        id: T.id,
        caseId: T.caseId,
        time: T.when,
        activityDate: fromIsoDate(today),
        activity: has('activity') ? T.activity : '',
        lawCourt: has('court') ? T.court : '',
        parties: has('parties') ? T.parties : '',
      },
    ],
    entries: [{ sitting: has('attending') ? { attendedByName: T.attending } : {} }],
  });
  setCallData(client, CaseService.method.listScheduledCases, { date: fromIsoDate(today) }, answer);
  if (outcome !== 'outcomeloading') {
    const activities = create(ListCaseActivitiesResponseSchema, { activities: [{ outcome: outcome === 'outcome' ? T.outcome : '' }] });
    setCallData(client, CaseService.method.listCaseActivities, { caseId: T.caseId }, activities);
  }
  return renderAt('/dashboard', paintedLawyer(), client);
}

/** The same for a lawyer with no sitting on `today`: the server paints a day without matters with it. */
export async function renderEmptyDashboard(today: string): Promise<string> {
  const client = createQueryClient();
  setCallData(client, CaseService.method.listScheduledCases, { date: fromIsoDate(today) }, create(ListScheduledCasesResponseSchema, {}));
  return renderAt('/dashboard', paintedLawyer(), client);
}

/** A storage holding the painted page's lawyer, whose name is a token. */
function paintedLawyer(): Storage {
  const storage = emptyStorage();
  storage.setItem(USER_KEY, JSON.stringify({ id: 'painted', email: '', fullname: PAINT_TOKENS.name, role: 'lawyer', phone_number: '', profile_image: '', affiliate_code: '' }));
  return storage;
}


export { formatLongDate, todayIsoDate };
