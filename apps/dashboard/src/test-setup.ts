import '@testing-library/jest-dom/vitest';

// Mantine reads these browser APIs that jsdom lacks.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
// Mantine's autosize textarea listens to document.fonts; a chat or a form scrolls its field into view
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() }, configurable: true });
}
Element.prototype.scrollIntoView ??= () => {};

// Testing Library unmounts between tests only by itself when test globals are on; they are not here.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
afterEach(cleanup);
// findBy… waits longer than its 1 s default: a loaded machine renders a modal slower
configure({ asyncUtilTimeout: 5000 });
