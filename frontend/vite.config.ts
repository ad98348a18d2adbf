import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The Go server embeds the build from here (backend/internal/web, `//go:embed all:dist`).
const outDir = dir('../backend/internal/web/dist');
// Generated protobuf code, shared with the extension; it finds @bufbuild/protobuf in the
// workspace root's node_modules by walking up from itself.
const genDir = dir('../gen/ts');
const api = 'http://127.0.0.1:8080';

// emptyOutDir deletes the tracked dist/.keep that lets `go build` embed an empty dist;
// put it back after each build.
function keepDistPlaceholder(): Plugin {
  return {
    name: 'kesi:keep-dist-placeholder',
    apply: 'build',
    closeBundle() {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(`${outDir}/.keep`, '');
    },
  };
}

/**
 * V8's explicit compile hint (Chrome 136 and later) at the top of every chunk but the entry: the
 * phone compiles a script's functions while it downloads, off the main thread, rather than each one
 * on the main thread when it is first called. A chunk is loaded when its screen is opened, and most
 * of its functions then run. On the phone profile the cold /dashboard drew today's first matter
 * about 0.3 s sooner (README, issue 17). The entry is often in before its tag is added (a preload
 * of index.html's, or a painted page's first paint awaited), so it is compiled on the main thread
 * when the tag goes in: eagerly, all of React and the router at once, it was the longest task after
 * a painted dashboard's first paint (Lighthouse's blocking time); lazily, each function is compiled
 * in the task that first calls it. It runs after
 * Vite's own last step, which puts the preload map at the top of the chunks that import others
 * lazily.
 */
function compileHints(): Plugin {
  return {
    name: 'kesi:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && !chunk.isEntry) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

/**
 * src/lib/mantineUseId.ts in place of @mantine/hooks' useId, for the app and its prerender alike
 * (the ids of a hydrated page stay those it was drawn with).
 */
function mantineUseId(): Plugin {
  const ours = dir('./src/lib/mantineUseId.ts');
  return {
    name: 'kesi:mantine-use-id',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.endsWith('/use-id/use-id.mjs') && importer?.includes('/@mantine/hooks/')) return ours;
      return null;
    },
  };
}

/** What scripts/prerender.mjs replaces with the revision of a page it writes after the service worker. */
const PRERENDERED_REVISION = 'kesi-prerendered-page';

/** Blue 8 of the theme: the status bar and splash screen of the installed app. */
const themeColor = '#1864ab';

/**
 * The installable app: a manifest and a Workbox service worker that precaches the app shell and
 * every route's chunk, so the app opens with no signal. It never caches the API: /api and the
 * Connect procedures (/kesi.v1.*) always go to the network, and the diary offline comes from the
 * persisted query cache instead. A new build waits for the person to choose to reload.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['icon.svg', 'apple-touch-icon.png'],
  manifest: {
    id: '/dashboard',
    name: 'Kesi — court diary for advocates',
    short_name: 'Kesi',
    description: "Today's and this week's court matters, on the phone, with or without signal.",
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: themeColor,
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    // bench/web.mjs reads the build manifest; the browser never needs it.
    globIgnores: ['**/.vite/**'],
    // The dashboard's own page (scripts/prerender.mjs writes it after this build, and puts its
    // revision here): its stylesheets are in its head, so that the dashboard kept on the phone
    // (src/app/offline/snapshot.ts) is painted as drawn, not before the shell's styles have come.
    additionalManifestEntries: [{ url: 'dashboard.html', revision: PRERENDERED_REVISION }],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/kesi\.v1\./, /^\/dev\//, /^\/downloads\//],
    // No runtimeCaching: answers of the API are never stored by the service worker.
    cleanupOutdatedCaches: true,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

/**
 * `vite build --ssr src/prerender/render.tsx` (npm run build): the public pages' render for
 * scripts/prerender.mjs, into .prerender; no service worker, and its registration is a no-op.
 */
const ssrBuild = {
  outDir: dir('.prerender'),
  emptyOutDir: true,
  manifest: false,
};

/**
 * React Router's package points every bundler at its development build, whose warnings and
 * checks survive minification; the browser's build takes the production one it ships beside it
 * (about 2 KB gzip off the entry every page loads: issue 17's /login budget).
 */
const routerProduction = { 'react-router': dir('../node_modules/react-router/dist/production/index.mjs') };

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), mantineUseId()] : [react(), mantineUseId(), pwa, compileHints(), keepDistPlaceholder()],
  resolve: {
    alias: {
      ...(command === 'build' && !isSsrBuild ? routerProduction : {}),
      '@gen': genDir,
      // The notifications' container alone (src/app/LazyNotifications.tsx loads it on the first
      // notification): through the package's index it would join the store in the first load.
      '@mantine/notifications/Notifications': dir('../node_modules/@mantine/notifications/esm/Notifications.mjs'),
      '@': dir('./src'),
      ...(isSsrBuild ? { 'virtual:pwa-register/react': dir('./src/prerender/pwaRegister.ts') } : {}),
    },
    // The persister packages pin an older query-core; one copy keeps one cache and a smaller bundle.
    dedupe: ['@tanstack/query-core', 'react', 'react-dom'],
  },
  server: {
    fs: {
      allow: [dir('.'), genDir, dir('../node_modules')],
    },
    proxy: {
      '/kesi.v1.': api,
      '/api': api,
      '/dev': api,
    },
  },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir,
        emptyOutDir: true,
        manifest: true, // bench/web.mjs names each route's chunks from it; prerender.mjs preloads from it
        // Every browser Kesi supports preloads modules itself: no polyfill in the entry.
        modulePreload: { polyfill: false },
      },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // The browser suite has its own config (vitest.e2e.config.ts) and needs a running server.
    exclude: ['**/node_modules/**', 'e2e/**'],
    restoreMocks: true,
  },
}));
