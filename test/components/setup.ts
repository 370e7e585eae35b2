import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { speckleServer } from './speckleDouble';

// Tests wait on what the page shows, never on the clock; the default second for a find or waitFor
// ran out while two test files shared the machine's cores with other work. A longer limit costs
// a passing test nothing.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => speckleServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  speckleServer.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => speckleServer.close());

// jsdom does no layout, so every element measures 0×0 and a virtualised list would show no rows.
// Give elements a screen-sized box; real layout is tested in Chromium.
Object.defineProperties(HTMLElement.prototype, {
  clientHeight: { configurable: true, get: () => 800 },
  clientWidth: { configurable: true, get: () => 1000 },
});
