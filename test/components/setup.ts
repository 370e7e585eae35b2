import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { speckleServer } from './speckleDouble';

// Tests wait on what the page shows, never on the clock; the default second for a find or waitFor
// ran out while two test files shared the machine's cores with other work. A longer limit costs
// a passing test nothing.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => speckleServer.listen({ onUnhandledRequest: 'error' }));
// The files of a worker share one jsdom (isolate: false in vite.config.ts): each test leaves the
// page, its storage, its spies and the root element's attributes (the theme) as it found them.
afterEach(() => {
  cleanup();
  speckleServer.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
});
afterAll(() => speckleServer.close());

// jsdom does no layout, so every element measures 0×0 and a virtualised list would show no rows.
// Give elements a screen-sized box; real layout is tested in Chromium.
Object.defineProperties(HTMLElement.prototype, {
  clientHeight: { configurable: true, get: () => 800 },
  clientWidth: { configurable: true, get: () => 1000 },
});
