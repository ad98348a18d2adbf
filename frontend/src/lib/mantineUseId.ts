import { useId as useReactId } from 'react';

/**
 * @mantine/hooks' useId (vite.config.ts puts this module in its place): the id React gives the
 * component, the same on the server and in the browser. Mantine's own takes that id and then a
 * random one from a layout effect after mounting, a second render of every AppShell part, input
 * and menu that React runs at once, and with it every effect of the screen, in the first render's
 * task: on the painted dashboard, the longest task of the phone's start (issue 17).
 */
export function useId(staticId?: string): string {
  const id = useReactId();
  if (typeof staticId === 'string') return staticId;
  // React's ids hold characters (« » :) that a CSS selector would need escaped.
  return `mantine-${id.replace(/[^\w-]/g, '')}`;
}
