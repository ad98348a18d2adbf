import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter, loadRoutesOf } from './app/router';
import { createSessionStore } from './app/session/SessionProvider';
import { readStoredUser } from './app/session/user';

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
  // The page's own modules first, so that the first render is the page, as prerendered.
  await loadRoutesOf(window.location.pathname);
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <App router={router} session={session} />
    </StrictMode>
  );
  if (hydrate) {
    hydrateRoot(container, app);
    return;
  }
  container.replaceChildren();
  createRoot(container).render(app);
}

void boot();
