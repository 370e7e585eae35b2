// Chromium driven over a bare DevTools pipe, for measurements no inspector may touch. Playwright
// enables DevTools' Network domain in every page and worker it drives, and Chromium then does
// work for it on each response (uninspected.mjs says how much). Here nothing is enabled beyond
// what the bench reads: the page's runtime, its navigation, and input.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import chromiumLaunch from '../test/chromium.json' with { type: 'json' };
import { settleOnDemoServer } from './app.mjs';
import { installProbes } from './inPage.mjs';

const VIEWPORT = { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false };

/**
 * @typedef {(method: string, params?: object, sessionId?: string) => Promise<any>} Send
 *   One CDP command; resolves with its result, rejects with the browser's error.
 */

/**
 * The command line Playwright launches Chromium with (the e2e suite's switches and its own, some
 * of which change timing: a headless page would otherwise count as hidden and be throttled), so
 * that this browser differs from the bench's by the inspector alone.
 */
async function playwrightCommandLine() {
  const server = await chromium.launchServer(chromiumLaunch);
  try {
    const [executable, ...args] = /** @type {import('node:child_process').ChildProcess} */ (
      server.process()
    ).spawnargs;
    const ownedByPlaywright = (/** @type {string} */ arg) =>
      arg.startsWith('--user-data-dir=') || arg === '--remote-debugging-pipe';
    return { executable, args: args.filter((arg) => !ownedByPlaywright(arg)) };
  } finally {
    await server.close();
  }
}

/**
 * Launches Chromium as Playwright would, with a profile of its own, and speaks CDP to it over
 * `--remote-debugging-pipe`: JSON messages, each ended by a NUL byte, written to the browser on
 * fd 3 and read from fd 4.
 */
export async function launchOverPipe() {
  const { executable, args } = await playwrightCommandLine();
  const profile = mkdtempSync(join(tmpdir(), 'bench-cdp-'));
  const browser = spawn(
    /** @type {string} */ (executable),
    [...args, '--remote-debugging-pipe', `--user-data-dir=${profile}`],
    // A process group of its own, so that closing ends its helper processes too.
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true },
  );
  const exited = once(browser, 'exit');
  const [, , , toBrowser, fromBrowser] = /** @type {any[]} */ (browser.stdio);
  /** @type {Map<number, (message: any) => void>} */
  const replies = new Map();
  let lastId = 0;
  let received = '';
  // Decoded as a stream: a character may straddle two reads.
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (/** @type {string} */ data) => {
    received += data;
    for (let end = received.indexOf('\0'); end >= 0; end = received.indexOf('\0')) {
      const message = JSON.parse(received.slice(0, end));
      received = received.slice(end + 1);
      replies.get(message.id)?.(message);
      replies.delete(message.id);
    }
  });
  /** @type {Send} */
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      lastId += 1;
      replies.set(lastId, (message) =>
        message.error
          ? reject(new Error(`${method}: ${message.error.message}`))
          : resolve(message.result),
      );
      toBrowser.write(`${JSON.stringify({ id: lastId, method, params, sessionId })}\0`);
    });
  return {
    send,
    /** The browser's process group: it and every helper process it starts. */
    processGroup: /** @type {number} */ (browser.pid),
    async close() {
      process.kill(-(/** @type {number} */ (browser.pid)));
      await exited;
      // A helper may still be writing a file as the group goes down.
      await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/**
 * A page with the bench's in-page probes, in a fresh context (empty cache and storage, as a first
 * visit) that lasts as long as the browser. It has the shape of a BenchPage (browser.mjs) where the
 * bench's helpers need one: `page.evaluate(fn, arg)` and `cdp.send`, so `timed` and
 * `fetchAndDiscard` work on it as they are. The app is driven by name as a person would: labelled
 * inputs, buttons by their text.
 * @param {Send} send
 */
export async function openUninspectedPage(send) {
  const { browserContextId } = await send('Target.createBrowserContext');
  const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const cdp = {
    send: (/** @type {string} */ method, /** @type {object} */ params = {}) =>
      send(method, params, sessionId),
  };
  await cdp.send('Page.enable');
  await cdp.send('Runtime.enable');
  await cdp.send('Emulation.setDeviceMetricsOverride', VIEWPORT);
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${installProbes})()` });

  /**
   * Runs `fn(arg)` in the page, as Playwright's `page.evaluate` does: `fn` travels as source, so
   * it may use nothing but its argument and the page's globals.
   * @param {Function | string} fn
   * @param {unknown} [arg]
   * @returns {Promise<any>}
   */
  async function evaluate(fn, arg) {
    const expression = typeof fn === 'string' ? fn : `(${fn})(${JSON.stringify(arg)})`;
    const params = { expression, awaitPromise: true, returnByValue: true };
    const reply = await cdp.send('Runtime.evaluate', params);
    if (reply.exceptionDetails) {
      throw new Error(
        `in the page: ${reply.exceptionDetails.exception?.description ?? expression}`,
      );
    }
    return reply.result.value;
  }

  const page = {
    evaluate,
    /**
     * Opens the app as `openApp` in app.mjs does: until its demo connection is preselected, then
     * the page settles.
     * @param {string} appUrl
     * @param {string} base
     */
    async openApp(appUrl, base) {
      await cdp.send('Page.navigate', { url: appUrl });
      // While the page loads, the field is not there yet, or the evaluation meets a new document.
      const serverUrl = () =>
        evaluate(`document.querySelector('.connection-summary p')?.title ?? ''`).catch(() => '');
      await settleOnDemoServer(serverUrl, base);
    },
    /** Replaces the text of the input `label` names, typing it as one insertion. */
    async fill(/** @type {string} */ label, /** @type {string} */ text) {
      await evaluate(
        `(() => { const input = ${labelled(label)}; input.focus(); input.select(); })()`,
      );
      await cdp.send('Input.insertText', { text });
    },
    /** A trusted click in the middle of the button: the in-page timer starts on no other. */
    async click(/** @type {string} */ name) {
      const { x, y } = await evaluate(`(() => {
        const button = [...document.querySelectorAll('button')]
          .find((candidate) => candidate.textContent.trim() === ${JSON.stringify(name)});
        const box = button.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      })()`);
      for (const type of ['mousePressed', 'mouseReleased']) {
        await cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
      }
    },
  };
  return { page, cdp };
}

/** @typedef {Awaited<ReturnType<typeof openUninspectedPage>>} UninspectedPage */

/** Page source for the input a visible label names. @param {string} label */
function labelled(label) {
  return `[...document.querySelectorAll('label')].find((l) => l.textContent.trim() === ${JSON.stringify(label)})?.control`;
}
