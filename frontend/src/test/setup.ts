import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor give up after a second by default: a lazily loaded modal and its transition
// took longer on this 2-core machine while the browser suite ran beside it (SubscriptionGate and
// ConflictDialog failed so). Waiting longer costs a passing test nothing.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what Mantine measures with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => Object.assign(new EventTarget(), { matches: false, media: query, onchange: null }),
});

class ResizeObserverStub implements ResizeObserver {
  observe() {
    return undefined;
  }
  unobserve() {
    return undefined;
  }
  disconnect() {
    return undefined;
  }
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = () => undefined;

// Mantine's autosizing Textarea listens for web fonts loading; jsdom has no FontFaceSet.
Object.defineProperty(document, 'fonts', { configurable: true, value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });

// jsdom warns "Not implemented" when asked for a pseudo-element's style; Mantine asks.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
});
