import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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

// jsdom warns "Not implemented" when asked for a pseudo-element's style; Mantine asks.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
});
