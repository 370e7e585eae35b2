/**
 * The production setup: `npm run serve:prod` serves dist/ with nginx and deploy/'s configuration,
 * and a Speckle server is reached across origins, as a real one is (the demo server on a port of
 * its own). The main flows run with the Content-Security-Policy enforced, and not one violation.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN } from '../../demo/catalog.ts';
import { startDemoServer, type DemoServer } from '../../demo/server.ts';
import { download, lookUp, statusText, waitForCompleteCount } from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { expectSameBytes } from './support/bytes.ts';
import { thousandObjectModel } from './support/demo.ts';
import { openThroughInput, rootLine } from './support/files.ts';
import { searchBox, searchResults } from './support/search.ts';
import { spillSmallModels } from './support/spill.ts';

let demo: DemoServer;
let nginx: ChildProcess;
let site: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs `npm run serve:prod` on the dist/ the e2e run built, until it says it is serving. */
async function serveProduction(
  connectSrc: string,
): Promise<{ process: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['scripts/serveProd.mjs', '--no-build', '--port', String(port), '--connect-src', connectSrc],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve:prod ended (exit code ${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const serving = /serving dist\/ at (\S+)/.exec(line);
      if (serving) resolve(serving[1]!);
    });
  });
  return { process: child, url };
}

beforeAll(async () => {
  demo = await startDemoServer();
  // The demo server speaks plain HTTP: the shipped policy's `https:` does not reach it.
  const served = await serveProduction(`'self' https: ${demo.origin}`);
  nginx = served.process;
  site = served.url;
}, 120_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await demo?.close();
});

interface Violation {
  directive: string;
  blocked: string;
}

/** Records every policy violation of the pages the context opens, from their first script on. */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
  const consoleLines: Violation[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) {
      consoleLines.push({ directive: 'console', blocked: message.text() });
    }
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations: Violation[] }).__cspViolations,
    )),
    ...consoleLines,
  ];
}

/** A first visit: the app knows no server until one is entered. */
async function connectToDemo(page: Page, path = '/'): Promise<void> {
  await page.goto(`${site}${path}`);
  await page.getByRole('textbox', { name: 'Server URL' }).fill(demo.url);
  await page.getByLabel('Access token', { exact: true }).fill(DEMO_TOKEN);
}

async function serverLines(projectId: string, objectId: string): Promise<Buffer> {
  const response = await fetch(`${demo.url}/objects/${projectId}/${objectId}`, {
    headers: { Accept: 'text/plain', Authorization: `Bearer ${DEMO_TOKEN}` },
  });
  return Buffer.from(await response.arrayBuffer());
}

describe('the production server (deploy/, npm run serve:prod)', () => {
  const session = usePageSession();

  it('answers every address with the app, under the security headers, and caches only hashed files', async () => {
    const page = await fetch(`${site}/objects/${'a'.repeat(10)}/${'b'.repeat(32)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain(`connect-src 'self' https: ${demo.origin}`);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');

    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${site}${script}`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A worker's requests follow the policy of its own script.
    expect(asset.headers.get('content-security-policy')).toBe(policy);
    expect((await fetch(`${site}/assets/no-such-file.js`)).status).toBe(404);
  });

  it('runs a lookup with children, a search, an export and an opened file without a violation', async () => {
    const { page } = session;
    const violations = await watchViolations(page);
    const { project, object } = await thousandObjectModel();
    await connectToDemo(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, object.objectCount);

    await searchBox(page).fill('Wall');
    await expect.poll(() => searchResults(page).getByRole('option').count()).toBeGreaterThan(0);

    const lines = await download(page, 'Download server lines (id, tab, JSON)');
    expectSameBytes(lines.bytes, await serverLines(project.id, object.id), 'server lines');

    await page.goto(site);
    await openThroughInput(page, { name: 'model.tsv', bytes: lines.bytes });
    await expect.poll(() => rootLine(page).textContent()).toContain(object.id);
    await waitForCompleteCount(page, object.objectCount);

    expect(await violations()).toEqual([]);
  });

  it('keeps a big body on disk under the policy, the spill worker included', async () => {
    const { page } = session;
    const violations = await watchViolations(page);
    await spillSmallModels(page);
    const { project, object } = await thousandObjectModel();
    await connectToDemo(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, object.objectCount);
    expect(await statusText(page)).toMatch(/kept on disk/);
    const lines = await download(page, 'Download server lines (id, tab, JSON)');
    expectSameBytes(lines.bytes, await serverLines(project.id, object.id), 'spilled lines');

    expect(await violations()).toEqual([]);
  });
});
