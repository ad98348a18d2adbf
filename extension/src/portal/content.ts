/**
 * Content script on the e-filing portal: reads the page when the popup asks, and only then.
 * It sends nothing anywhere; the popup shows the reading and the service worker imports it.
 */
import type { PageReading, ReadPageRequest } from '../messages';
import { parsePortalPage } from './parse';

declare global {
  interface Window {
    kesiPortalReader?: true;
  }
}

// The popup may inject this script into a tab that already has it.
if (!window.kesiPortalReader) {
  window.kesiPortalReader = true;
  chrome.runtime.onMessage.addListener((message: Partial<ReadPageRequest>, sender, reply: (reading: PageReading) => void) => {
    if (sender.id !== chrome.runtime.id || message.type !== 'kesi:read') return false;
    reply({ ...parsePortalPage(document), url: location.href });
    return false;
  });
}
