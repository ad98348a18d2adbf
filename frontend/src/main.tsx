// Mantine's styles for what the public pages draw (issue 17: the whole styles.css blocked their
// first paint), in the order of Mantine's styles.css; ConnectLayout adds the rest for the signed-in
// screens.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startEarlyCall } from './api/early';
import { App } from './app/App';
import { diaryOwner } from './app/followSession';
import { paintedByServer, paintedSnapshot } from './app/offline/snapshot';
import { createQueryClient } from './app/queryClient';
import { createAppRouter, loadRoutesOf } from './app/router';
import { createSessionStore } from './app/session/SessionProvider';
import { readStoredUser } from './app/session/user';
import { captureTyped } from './lib/typedAhead';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

async function boot() {
  const session = createSessionStore();
  // A public page prerendered at build time (src/prerender) holds its HTML already; it is hydrated
  // when this first render draws the same: a visitor (no stored session) on the page's own address.
  // Anyone else (a stored session is sent on to the diary) gets a fresh render.
  const prerendered = container.dataset.prerendered === window.location.pathname;
  const hydrate = prerendered && window.location.search === '' && readStoredUser(window.localStorage) === null;
  // A stored session paints at once and is verified in the background (SessionStore.start).
  session.start();
  // Today's sittings while the dashboard's chunks load, not after them (api/early.ts), unless the
  // server painted them into the page: they came with it.
  const stored = readStoredUser(window.localStorage);
  const painted = stored !== null && paintedByServer(container);
  startEarlyCall(window.location.pathname, stored !== null && stored.role !== 'affiliate' && !painted);
  // A signed-in person's diary kept on the device is read while the screen's modules load, not
  // after the first render (App's DiaryCache restores it from this read).
  if (stored) void import('./app/diaryPersistence').then((p) => { p.readDiaryAhead(); }).catch(() => undefined);
  // The prerendered page is painted before the work of hydrating it starts, not after: its text
  // shows as soon as its HTML and styles are in, however slow the phone (issue 17).
  if (hydrate) await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
  // The page's own modules first, so that the first render is the page, as prerendered. A
  // dashboard painted from the snapshot kept on the phone (app/offline/snapshot) waits for the
  // diary on the device too: its first render then draws the same matters over it, rather than
  // skeletons in their place.
  const queryClient = createQueryClient();
  // A dashboard the server painted does too, and then takes the server's answers it was painted
  // from: the diary's restore marks what it holds to be checked against the server, and these are
  // the server's of this instant.
  const restore = stored && (paintedSnapshot(container) || painted) ? restoreDiaryFirst(queryClient, session) : Promise.resolve(false);
  const seeded = stored && painted ? restore.then(() => seedPaintedFirst(queryClient, stored.id)) : Promise.resolve(false);
  const [, diaryRestored] = await Promise.all([loadRoutesOf(window.location.pathname), restore, seeded]);
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <App router={router} session={session} queryClient={queryClient} diaryRestored={diaryRestored} />
    </StrictMode>
  );
  if (hydrate) {
    hydrateRoot(container, app);
    return;
  }
  // What was typed into a prerendered page drawn afresh (its address had a query, or a session
  // was stored) goes into the new page's form (lib/typedAhead).
  if (prerendered) captureTyped(container, window.location.pathname);
  // A dashboard painted from the phone's snapshot, or by the server, stays on screen until the
  // first render commits (React empties the container then), so that nothing blank or half-drawn
  // shows in between.
  if (!paintedSnapshot(container) && !paintedByServer(container)) container.replaceChildren();
  const reactRoot = createRoot(container);
  // Over the server's painting, which is already what the advocate needs, the first render goes in
  // slices that let a tap through, not in one task of the phone's main thread (issue 17: the
  // longest after the first paint). A screen drawn from nothing is rendered at once.
  if (painted) {
    startTransition(() => {
      reactRoot.render(app);
    });
  } else {
    reactRoot.render(app);
  }
}

/** Puts the diary kept on the device into client before the first render; answers whether it did. */
async function restoreDiaryFirst(client: ReturnType<typeof createQueryClient>, session: ReturnType<typeof createSessionStore>): Promise<boolean> {
  try {
    const p = await import('./app/diaryPersistence');
    await p.restoreDiary(p.diaryOptions(client, () => diaryOwner(session)));
    return true;
  } catch {
    return false; // no module without signal: App restores it as it always has
  }
}

/** Puts the matters the server painted into client before the first render; answers whether it did. */
async function seedPaintedFirst(client: ReturnType<typeof createQueryClient>, user: string): Promise<boolean> {
  try {
    const p = await import('./app/offline/painted');
    return p.seedPainted(client, user);
  } catch {
    return false; // no module: the app asks for today's matters as it always has
  }
}

void boot();
