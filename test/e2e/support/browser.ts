import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';
import { appUrl, clearFaults } from './demo.ts';

export const VIEWPORT = { width: 1280, height: 800 };

export interface PageSession {
  readonly context: BrowserContext;
  readonly page: Page;
  /**
   * Declares console errors this test expects (matched against "text @ url"), e.g. the line Chromium
   * logs for every fetch answered 4xx/5xx. Any other console error or page error fails the test.
   */
  allowConsoleErrors(...patterns: RegExp[]): void;
}

interface Current {
  context: BrowserContext;
  page: Page;
  allowed: RegExp[];
  problems: string[];
}

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return url ? `${message.text()} @ ${url}:${lineNumber}` : message.text();
}

/**
 * Registers hooks in the calling test file: a connection to the run's Chromium (started in
 * globalSetup), a fresh context and page per test (downloads accepted, 1280x800), demo faults
 * cleared before each test.
 */
export function usePageSession(): PageSession {
  let browser: Browser | undefined;
  let current: Current | undefined;

  beforeAll(async () => {
    browser = await chromium.connect(inject('browserEndpoint'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start');
    await clearFaults();
    const context = await browser.newContext({
      baseURL: appUrl(),
      acceptDownloads: true,
      viewport: VIEWPORT,
    });
    // Headless Chromium has a save dialog API that refuses at once; without it the app takes its
    // Blob download path, which Playwright captures. The picker path has its own test.
    await context.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    const page = await context.newPage();
    const state: Current = { context, page, allowed: [], problems: [] };
    page.on('pageerror', (error) => {
      state.problems.push(`page error: ${error.stack ?? error.message}`);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = describeConsole(message);
      if (!state.allowed.some((pattern) => pattern.test(text))) {
        state.problems.push(`console error: ${text}`);
      }
    });
    current = state;
  });

  afterEach(async () => {
    const state = current;
    current = undefined;
    await clearFaults();
    if (!state) return;
    // A route's handler still fetching when the test ends (a worker's script requested late)
    // would fail once the context is gone, an unhandled error that fails the whole run.
    for (const page of state.context.pages()) await page.unrouteAll({ behavior: 'ignoreErrors' });
    await state.context.unrouteAll({ behavior: 'ignoreErrors' });
    await state.context.close();
    if (state.problems.length > 0) {
      throw new Error(`Unexpected errors in the page:\n${state.problems.join('\n')}`);
    }
  });

  function active(): Current {
    if (!current) throw new Error('usePageSession: only available inside a test');
    return current;
  }

  return {
    get context() {
      return active().context;
    },
    get page() {
      return active().page;
    },
    allowConsoleErrors(...patterns) {
      active().allowed.push(...patterns);
    },
  };
}

/** Chromium's console line for a fetch answered with this HTTP status. */
export function failedResourceStatus(status: number): RegExp {
  return new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);
}
