/**
 * A server that redirects elsewhere (here to a Speckle server on another origin, which would read
 * the token if it came): the requests carrying the token stop at the redirect, the token never
 * reaches the other origin, and the app names the address the redirect led to.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PATH_PREFIX, DEMO_TOKEN } from '../../demo/catalog.ts';
import { createDemoHandler } from '../../demo/server.ts';
import { alertText, editConnection, lookUp, openApp, setToken } from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { smallModelWithChildren } from './support/demo.ts';

let target: Server;
let redirector: Server;
let targetOrigin: string;
let redirectorOrigin: string;
/** The Authorization header of every request the other origin received. */
const reachedTarget: (string | undefined)[] = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function corsHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': headers.origin ?? '*',
    'Access-Control-Allow-Headers': headers['access-control-request-headers'] ?? '',
    'Access-Control-Allow-Methods': 'GET, POST',
  };
}

beforeAll(async () => {
  const demo = createDemoHandler();
  target = createServer((req, res) => {
    if (req.method !== 'OPTIONS') reachedTarget.push(req.headers.authorization);
    demo(req, res, () => res.writeHead(404).end());
  });
  targetOrigin = await listen(target);
  // Like a proxy that moved: every path answers 307 to the same path on the other origin.
  redirector = createServer((req, res) => {
    if (req.method === 'OPTIONS') return res.writeHead(204, corsHeaders(req.headers)).end();
    res
      .writeHead(307, {
        ...corsHeaders(req.headers),
        Location: `${targetOrigin}${DEMO_PATH_PREFIX}${req.url}`,
      })
      .end();
  });
  redirectorOrigin = await listen(redirector);
});

afterAll(async () => {
  for (const server of [redirector, target]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
});

describe('a server that redirects to another origin', () => {
  const session = usePageSession();

  it.each(['Get with children', 'Get object'] as const)(
    '%s: the token stays home, and the message names where the redirect led',
    async (button) => {
      const { page } = session;
      const { project, object } = await smallModelWithChildren();
      await openApp(page);
      await editConnection(page);
      await page.getByRole('textbox', { name: 'Server URL' }).fill(redirectorOrigin);
      await setToken(page, DEMO_TOKEN);
      reachedTarget.length = 0;

      await lookUp(page, project.id, object.id, button);

      const suggested = `${targetOrigin}${DEMO_PATH_PREFIX}`;
      await expect
        .poll(() => alertText(page), { timeout: 15_000 })
        .toContain(
          `${redirectorOrigin} redirected the request to ${suggested}, and the token was not sent on. If you trust ${suggested}, enter it as the server address.`,
        );
      // Only the tokenless request that found where the redirect leads reached the other origin.
      expect(reachedTarget.length).toBeGreaterThan(0);
      expect(reachedTarget.every((authorization) => authorization === undefined)).toBe(true);
      expect(await page.getByRole('button', { name: /Edit server URL/ }).count()).toBe(1);
    },
  );
});
