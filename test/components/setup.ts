import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { speckleServer } from './speckleDouble';

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
