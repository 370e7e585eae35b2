import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import {
  afterPaints,
  alertText,
  download,
  editConnection,
  lookUp,
  openApp,
  setToken,
  waitForCompleteCount,
  waitForObjectShown,
  type DownloadedFile,
} from './support/app.ts';
import { failedResourceStatus, usePageSession } from './support/browser.ts';
import {
  appUrl,
  demoBase,
  demoProject,
  fetchRawBody,
  getManifest,
  smallModelWithChildren,
} from './support/demo.ts';

/** A second Speckle server, answered by the test itself, to see that each token stays with its own. */
const OTHER_ORIGIN = 'https://other-speckle.test';

/** The policy docs/security.md recommends, with either form of connect-src it discusses. */
function recommendedPolicy(connectSrc: string): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self'",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

interface Secret {
  name: string;
  value: string;
  /** The only base this token may be sent to. */
  base: string;
}

interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

/** Records every request of the context, with all its headers (cookies and Authorization too). */
function recordRequests(context: BrowserContext): () => Promise<SeenRequest[]> {
  const pending: Promise<SeenRequest>[] = [];
  context.on('request', (request: Request) => {
    pending.push(
      request
        .allHeaders()
        .catch(() => request.headers())
        .then((headers) => ({
          url: request.url(),
          method: request.method(),
          headers,
          body: request.postData(),
        })),
    );
  });
  return () => Promise.all(pending);
}

function leaksInRequest(request: SeenRequest, secret: Secret): string[] {
  const leaks: string[] = [];
  const where = `${request.method} ${request.url}`;
  if (request.url.includes(secret.value)) leaks.push(`${secret.name} in the URL of ${where}`);
  if (request.body?.includes(secret.value)) leaks.push(`${secret.name} in the body of ${where}`);
  for (const [name, value] of Object.entries(request.headers)) {
    if (!value.includes(secret.value)) continue;
    if (name.toLowerCase() !== 'authorization') {
      leaks.push(`${secret.name} in header ${name} of ${where}`);
    } else if (value !== `Bearer ${secret.value}`) {
      leaks.push(
        `${secret.name} in a malformed Authorization header (${value.length} chars) of ${where}`,
      );
    } else if (!request.url.startsWith(`${secret.base}/`)) {
      leaks.push(`${secret.name} sent to ${where}, outside its server ${secret.base}`);
    }
  }
  return leaks;
}

function sentTo(requests: SeenRequest[], secret: Secret): string[] {
  return requests
    .filter((request) => request.headers.authorization === `Bearer ${secret.value}`)
    .map((request) => request.url);
}

/**
 * Everything the page shows or holds in its markup, except the token field's own value: text,
 * markup (attributes included), other fields' values and the title. Names where a secret was found.
 */
async function leaksInPage(page: Page, secrets: Secret[], when: string): Promise<string[]> {
  const found = await page.evaluate(
    (values) => {
      const label = [...document.querySelectorAll('label')].find(
        (candidate) => candidate.textContent?.trim() === 'Access token',
      );
      const tokenField = label?.control ?? null;
      const markup = document.documentElement.cloneNode(true) as HTMLElement;
      if (tokenField?.id) markup.querySelector(`[id="${tokenField.id}"]`)?.removeAttribute('value');
      const fieldValues = [...document.querySelectorAll('input, textarea, select')]
        .filter((field) => field !== tokenField)
        .map((field) => (field as HTMLInputElement).value);
      const places: Record<string, string> = {
        'page text': document.body.innerText,
        markup: markup.outerHTML,
        'another field': fieldValues.join('\n'),
        title: document.title,
      };
      const hits: { value: string; place: string }[] = [];
      for (const value of values) {
        for (const [place, text] of Object.entries(places)) {
          if (text.includes(value)) hits.push({ value, place });
        }
      }
      if (tokenField && (tokenField as HTMLInputElement).type !== 'password') {
        hits.push({
          value: '',
          place: `token field of type ${(tokenField as HTMLInputElement).type}`,
        });
      }
      return hits;
    },
    secrets.map((secret) => secret.value),
  );
  return found.map(({ value, place }) => {
    const name = secrets.find((secret) => secret.value === value)?.name ?? 'token';
    return `${name} in the ${place} (${when})`;
  });
}

async function leaksInLocation(page: Page, secrets: Secret[], when: string): Promise<string[]> {
  const state = await page.evaluate(() => JSON.stringify(window.history.state) ?? 'undefined');
  const url = page.url();
  return secrets.flatMap((secret) => [
    ...(url.includes(secret.value) ? [`${secret.name} in the address ${url} (${when})`] : []),
    ...(state.includes(secret.value)
      ? [`${secret.name} in history.state of ${url} (${when})`]
      : []),
  ]);
}

async function storageKeysHolding(
  page: Page,
  secret: string,
): Promise<{ local: string[]; session: string[] }> {
  return page.evaluate((value) => {
    const keysHolding = (area: Storage) =>
      Object.keys(area).filter((key) => area.getItem(key)?.includes(value));
    return { local: keysHolding(localStorage), session: keysHolding(sessionStorage) };
  }, secret);
}

function tokenField(page: Page) {
  return page.getByLabel('Access token', { exact: true });
}

/** The token field's value, opening the connection's editor if it is folded to one line. */
async function tokenValue(page: Page): Promise<string> {
  await editConnection(page);
  return tokenField(page).inputValue();
}

function hexToken(): string {
  return randomBytes(21).toString('hex');
}

describe('token safety', () => {
  const session = usePageSession();

  it('sends each token only in the Authorization header to its own server and shows it nowhere', async () => {
    const { page, context } = session;
    session.allowConsoleErrors(
      failedResourceStatus(401),
      failedResourceStatus(403),
      // History entries made while one server was known carry no ?server=: going back to them
      // after the other server was selected asks that server, which does not hold these objects.
      new RegExp(`${failedResourceStatus(404).source}.* @ ${OTHER_ORIGIN}/`),
    );
    const manifest = await getManifest();
    const publicModel = await smallModelWithChildren();
    const privateProject = await demoProject('private');
    const secrets: Secret[] = [
      // Valid, and never filled in by the app itself: every copy of it comes from the typing.
      { name: 'the demo token', value: manifest.publicOnlyToken, base: demoBase() },
      { name: 'the wrong token', value: hexToken(), base: demoBase() },
      { name: "the other server's token", value: hexToken(), base: OTHER_ORIGIN },
    ];
    const [good, wrong, other] = secrets as [Secret, Secret, Secret];
    await context.route(`${OTHER_ORIGIN}/**`, async (route) => {
      const request = route.request();
      const cors = { 'Access-Control-Allow-Origin': '*' };
      if (request.method() === 'OPTIONS') {
        await route.fulfill({
          status: 204,
          headers: {
            ...cors,
            'Access-Control-Allow-Headers':
              request.headers()['access-control-request-headers'] ?? '',
          },
        });
        return;
      }
      const single = /^\/objects\/([^/]+)\/([^/]+)\/single$/.exec(new URL(request.url()).pathname);
      if (!single) {
        await route.fulfill({ status: 404, headers: cors, contentType: 'text/html', body: '' });
        return;
      }
      await route.fulfill({
        status: 200,
        headers: cors,
        contentType: 'application/json; charset=utf-8',
        body: await fetchRawBody(single[1]!, single[2]!, 'single'),
      });
    });
    const requests = recordRequests(context);
    const consoleTexts: string[] = [];
    page.on('console', (message) => consoleTexts.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) =>
      consoleTexts.push(`page error: ${error.stack ?? error.message}`),
    );
    const leaks: string[] = [];
    const files: DownloadedFile[] = [];
    async function check(when: string): Promise<void> {
      leaks.push(...(await leaksInPage(page, secrets, when)));
      leaks.push(...(await leaksInLocation(page, secrets, when)));
    }

    await openApp(page);
    await setToken(page, good.value);
    await check('token entered');

    await lookUp(page, publicModel.project.id, publicModel.object.id, 'Get object');
    await waitForObjectShown(page, publicModel.object.id);
    files.push(await download(page, 'Download object JSON'));
    await check('single object');

    await lookUp(page, publicModel.project.id, publicModel.object.id, 'Get with children');
    await waitForCompleteCount(page, publicModel.object.objectCount);
    files.push(await download(page, 'Download all as JSON array'));
    files.push(await download(page, 'Download server lines (id, tab, JSON)'));
    await check('with children');

    await lookUp(page, privateProject.id, privateProject.objects[0]!.id, 'Get with children');
    await expect.poll(() => alertText(page), { timeout: 20_000 }).not.toBe('');
    await check('no access (401)');

    await setToken(page, wrong.value);
    await lookUp(page, publicModel.project.id, publicModel.object.id, 'Get object');
    await expect.poll(() => alertText(page), { timeout: 20_000 }).toMatch(/token/i);
    await check('invalid token (403)');
    await setToken(page, good.value);

    await page.getByRole('button', { name: 'Add server' }).click();
    await page.getByRole('textbox', { name: 'Connection name' }).fill('Other server');
    await page.getByRole('textbox', { name: 'Server URL' }).fill(OTHER_ORIGIN);
    await setToken(page, other.value);
    await lookUp(page, publicModel.project.id, publicModel.object.id, 'Get object');
    await waitForObjectShown(page, publicModel.object.id);
    await check('other server');

    await page
      .getByRole('combobox', { name: 'Saved servers' })
      .selectOption({ label: 'Demo server' });
    await expect.poll(() => tokenValue(page)).toBe(good.value);
    await lookUp(page, publicModel.project.id, publicModel.object.id, 'Get with children');
    await waitForCompleteCount(page, publicModel.object.objectCount);
    await check('demo server again');

    // Every history entry of the app, backwards and then forwards again. Playwright's goBack() does
    // not report same-document moves, so the entries are walked through Chromium's own list.
    const cdp = await context.newCDPSession(page);
    const history = await cdp.send('Page.getNavigationHistory');
    const appEntries = history.entries
      .map((entry, index) => ({ ...entry, index }))
      .filter((entry) => entry.url.startsWith(`${appUrl()}/`));
    const backwards = appEntries.filter((entry) => entry.index < history.currentIndex).reverse();
    const forwards = appEntries.filter((entry) => entry.index > appEntries[0]!.index);
    for (const [direction, entry] of [
      ...backwards.map((entry) => ['back', entry] as const),
      ...forwards.map((entry) => ['forward', entry] as const),
    ]) {
      await cdp.send('Page.navigateToHistoryEntry', { entryId: entry.id });
      await expect.poll(() => page.url()).toBe(entry.url);
      await page.getByRole('heading', { name: 'Connection' }).waitFor();
      await afterPaints(page);
      await check(`after going ${direction} to ${entry.url}`);
    }
    // The walk covered the start page and the lookups, not just the last one.
    expect(appEntries.length).toBeGreaterThanOrEqual(4);

    const seen = await requests();
    leaks.push(
      ...seen.flatMap((request) => secrets.flatMap((secret) => leaksInRequest(request, secret))),
    );
    for (const secret of secrets) {
      for (const line of consoleTexts) {
        if (line.includes(secret.value)) leaks.push(`${secret.name} in the console: ${line}`);
      }
      for (const file of files) {
        if (file.bytes.includes(secret.value))
          leaks.push(`${secret.name} in the file ${file.name}`);
      }
    }
    expect(leaks).toEqual([]);
    // It was sent, where it belongs: otherwise the checks above prove nothing.
    for (const secret of secrets) {
      const targets = sentTo(seen, secret);
      expect(targets.length, `${secret.name} was never sent`).toBeGreaterThan(0);
      // Only the object endpoints, at the base or at its `/api` form that the client falls back to.
      const endpoints = [`${secret.base}/objects/`, `${secret.base}/api/objects/`];
      expect(targets.filter((url) => !endpoints.some((start) => url.startsWith(start)))).toEqual(
        [],
      );
    }
    expect(files).toHaveLength(3);
  });

  it('keeps the token in sessionStorage, and in localStorage only when it is remembered', async () => {
    const { page, context } = session;
    const token = hexToken();
    const remember = page.getByRole('checkbox', { name: 'Remember token on this device' });
    await openApp(page);
    await setToken(page, token);

    expect(await remember.isChecked()).toBe(false);
    expect(await storageKeysHolding(page, token)).toEqual({
      local: [],
      session: [expect.any(String)],
    });

    await remember.check();
    expect(await storageKeysHolding(page, token)).toEqual({
      local: [expect.any(String)],
      session: [],
    });
    // A new tab starts with an empty sessionStorage: only a remembered token reaches it.
    const secondTab = await context.newPage();
    await openApp(secondTab);
    expect(await tokenValue(secondTab)).toBe(token);
    await secondTab.close();

    await remember.uncheck();
    expect(await storageKeysHolding(page, token)).toEqual({
      local: [],
      session: [expect.any(String)],
    });
    const thirdTab = await context.newPage();
    await openApp(thirdTab);
    expect(await tokenValue(thirdTab)).not.toBe(token);
    await thirdTab.close();

    // The same tab keeps its sessionStorage across loads.
    await openApp(page);
    expect(await tokenValue(page)).toBe(token);
  });

  it.each([
    ['Forget token', false],
    ['Forget token', true],
    ['Forget all', false],
    ['Forget all', true],
  ])('%s clears every stored copy of the token (remembered: %s)', async (button, remembered) => {
    const { page } = session;
    const token = hexToken();
    await openApp(page);
    await setToken(page, token);
    if (remembered) {
      await page.getByRole('checkbox', { name: 'Remember token on this device' }).check();
    }
    expect(await storageKeysHolding(page, token)).not.toEqual({ local: [], session: [] });
    page.once('dialog', (dialog) => void dialog.accept());

    await page.getByRole('button', { name: button, exact: true }).click();

    await expect.poll(() => tokenValue(page)).not.toBe(token);
    expect(await storageKeysHolding(page, token)).toEqual({ local: [], session: [] });
    await page.reload();
    await page.getByRole('heading', { name: 'Connection' }).waitFor();
    expect(await storageKeysHolding(page, token)).toEqual({ local: [], session: [] });
    expect(await tokenValue(page)).not.toBe(token);
  });

  it.each(['Forget token', 'Forget all'])(
    '%s in one tab leaves no copy that another open tab writes back',
    async (button) => {
      const { page, context } = session;
      const token = hexToken();
      await openApp(page);
      await setToken(page, token);
      await page.getByRole('checkbox', { name: 'Remember token on this device' }).check();
      const otherTab = await context.newPage();
      await openApp(otherTab);
      await editConnection(otherTab);
      expect(await tokenValue(otherTab)).toBe(token);
      page.once('dialog', (dialog) => void dialog.accept());

      await page.getByRole('button', { name: button, exact: true }).click();
      // The other tab goes on being used: any edit there saves its state.
      await otherTab.getByRole('textbox', { name: 'Connection name' }).fill('Still open');

      expect(await storageKeysHolding(page, token)).toEqual({ local: [], session: [] });
      // The other tab hears of it through a storage event, in a task of its own.
      await expect.poll(() => tokenValue(otherTab)).not.toBe(token);
      await otherTab.close();
    },
  );

  describe('under the recommended Content-Security-Policy', () => {
    interface Violation {
      directive: string;
      blocked: string;
      sample: string;
    }

    async function serveWithPolicy(page: Page, policy: string): Promise<void> {
      await page.route(
        (url) => url.origin === appUrl(),
        async (route) => {
          // The page and its scripts, as the hosting docs set it: a worker's requests follow the
          // policy its own script was served with.
          const request = route.request();
          if (request.resourceType() !== 'document' && !request.url().endsWith('.js')) {
            await route.fallback();
            return;
          }
          const response = await route.fetch();
          await route.fulfill({
            response,
            headers: { ...response.headers(), 'content-security-policy': policy },
          });
        },
      );
      // Init scripts come from the browser's debugging protocol, which the policy does not govern.
      await page.addInitScript(() => {
        const seen: unknown[] = [];
        Object.defineProperty(window, '__cspViolations', { value: seen });
        document.addEventListener('securitypolicyviolation', (event) => {
          seen.push({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            sample: event.sample,
          });
        });
      });
    }

    function violations(page: Page): Promise<Violation[]> {
      return page.evaluate(
        () => (window as unknown as { __cspViolations: Violation[] }).__cspViolations,
      );
    }

    it.each([
      ['any https server', "'self' https:"],
      ['a list of known servers', "'self' https://app.speckle.systems"],
    ])('runs a whole lookup without a violation (connect-src for %s)', async (_, connectSrc) => {
      const { page } = session;
      const { project, object } = await smallModelWithChildren();
      const policy = recommendedPolicy(connectSrc);
      await serveWithPolicy(page, policy);
      const policyConsole: string[] = [];
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) policyConsole.push(message.text());
      });

      await openApp(page);
      // The worker ready for the next load may compile its WebAssembly scanner (asciiRuns.ts).
      expect(await workerCompilesWebAssembly(page)).toBe('compiled');
      await lookUp(page, project.id, object.id, 'Get object');
      await waitForObjectShown(page, object.id);
      await download(page, 'Download object JSON');
      await lookUp(page, project.id, object.id, 'Get with children');
      await waitForCompleteCount(page, object.objectCount);
      await download(page, 'Download server lines (id, tab, JSON)');
      await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
      await editConnection(page);
      await page.getByRole('button', { name: 'Show token' }).click();

      expect(await violations(page)).toEqual([]);
      expect(policyConsole).toEqual([]);

      // The policy is enforced, and a violation would have been seen: an injected inline
      // script does not run.
      session.allowConsoleErrors(/inline script violates the following Content Security Policy/);
      const ran = await page.evaluate(async () => {
        const reported = new Promise((resolve) =>
          document.addEventListener('securitypolicyviolation', resolve, { once: true }),
        );
        const script = document.createElement('script');
        script.textContent = 'window.__inlineScriptRan = true;';
        // An allowed inline script would have run by the time append returns.
        document.head.append(script);
        await reported;
        return 'inlineScriptRan' in window || '__inlineScriptRan' in window;
      });
      expect(ran).toBe(false);
      expect(await violations(page)).toEqual([
        expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' }),
      ]);
    });

    /** What an indexing worker says when asked to compile an empty WebAssembly module. */
    async function workerCompilesWebAssembly(page: Page): Promise<string> {
      const isIndexer = (url: string) => url.includes('indexWorker');
      const worker =
        page.workers().find((candidate) => isIndexer(candidate.url())) ??
        (await page.waitForEvent('worker', { predicate: (added) => isIndexer(added.url()) }));
      return worker.evaluate(() => {
        try {
          new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
          return 'compiled';
        } catch (error) {
          return String(error);
        }
      });
    }

    it("loads a model where the policy leaves out 'wasm-unsafe-eval', scanning without WebAssembly", async () => {
      const { page } = session;
      const { project, object } = await smallModelWithChildren();
      const policy = recommendedPolicy("'self' https:").replace(" 'wasm-unsafe-eval'", '');
      expect(policy).toContain("script-src 'self';");
      await serveWithPolicy(page, policy);

      await openApp(page);
      // The worker ready for the load may not compile its scanner, so it scans in JavaScript.
      expect(await workerCompilesWebAssembly(page)).toMatch(
        /Compiling or instantiating WebAssembly module violates the following Content Security/i,
      );
      await lookUp(page, project.id, object.id, 'Get with children');
      await waitForCompleteCount(page, object.objectCount);
      expect(await page.getByRole('alert').count()).toBe(0);
    });

    it.each(['Get object', 'Get with children'] as const)(
      'refuses a server outside a connect-src list before anything is sent (%s), with an error shown',
      async (button) => {
        const { page, context } = session;
        session.allowConsoleErrors(
          /violates the document's Content Security Policy|Connecting to .* violates/,
        );
        const { project, object } = await smallModelWithChildren();
        await serveWithPolicy(page, recommendedPolicy("'self' https://app.speckle.systems"));
        const reached: string[] = [];
        await context.route(`${OTHER_ORIGIN}/**`, async (route) => {
          reached.push(route.request().url());
          await route.abort();
        });
        await openApp(page);
        await editConnection(page);
        await page.getByRole('button', { name: 'Add server' }).click();
        await page.getByRole('textbox', { name: 'Server URL' }).fill(OTHER_ORIGIN);
        await setToken(page, hexToken());

        await lookUp(page, project.id, object.id, button);

        await expect.poll(() => alertText(page), { timeout: 20_000 }).not.toBe('');
        expect(reached).toEqual([]);
      },
    );
  });
});
