/**
 * virtual:pwa-register/react for the build-time render (vite.config.ts aliases it in the SSR
 * build): the page's HTML is written once in Node, where no service worker is ever registered;
 * the browser registers it when it hydrates. Same answer as the real hook's first render.
 */
export function useRegisterSW() {
  const noop = () => undefined;
  return {
    needRefresh: [false, noop] as const,
    offlineReady: [false, noop] as const,
    updateServiceWorker: () => Promise.resolve(),
  };
}
