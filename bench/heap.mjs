// JS heap of a page and of every worker it started, read over the DevTools protocol after a
// forced garbage collection.
//
// Playwright gives a CDP session for a page but not for a worker, and its sessions cannot address
// the child sessions of flat auto-attach. So workers are attached the older, non-flat way: their
// protocol messages travel wrapped in Target.sendMessageToTarget / receivedMessageFromTarget
// (Chromium 156 still supports this). Only workers the page starts directly are seen.
//
// "Used" counts V8's heap plus backing stores: ArrayBuffers and large strings made by
// TextDecoder live outside V8's heap proper but are memory the app holds all the same.

/**
 * @typedef {import('playwright-core').CDPSession} CDPSession
 * @typedef {{ usedSize: number, totalSize: number, embedderHeapUsedSize: number,
 *   backingStorageSize: number }} HeapUsage
 * @typedef {{ realm: string, used: number, v8: number, backingStores: number, embedder: number }}
 *   RealmHeap
 */

/** @param {HeapUsage} usage @param {string} realm @returns {RealmHeap} */
function realmHeap(usage, realm) {
  return {
    realm,
    used: usage.usedSize + usage.backingStorageSize,
    v8: usage.usedSize,
    backingStores: usage.backingStorageSize,
    embedder: usage.embedderHeapUsedSize,
  };
}

/**
 * Starts following the page's workers; call before the app can start any.
 * @param {CDPSession} cdp a session on the page
 */
export async function watchRealms(cdp) {
  /** @type {Map<string, string>} worker session id → url */
  const workers = new Map();
  /** @type {Map<number, (message: { result?: unknown, error?: { message: string } }) => void>} */
  const replies = new Map();
  let nextId = 1;

  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    if (targetInfo.type === 'worker') workers.set(sessionId, targetInfo.url);
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => {
    if (sessionId) workers.delete(sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const parsed = JSON.parse(message);
    const reply = replies.get(parsed.id);
    if (reply) {
      replies.delete(parsed.id);
      reply(parsed);
    }
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });

  /** @param {string} sessionId @param {string} method @returns {Promise<any>} */
  function sendToWorker(sessionId, method) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        replies.delete(id);
        reject(new Error(`worker did not answer ${method}`));
      }, 30_000);
      replies.set(id, (message) => {
        clearTimeout(timer);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      });
      cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
        .catch(reject);
    });
  }

  return {
    /**
     * Collects garbage in every realm, then reads their heaps.
     * @returns {Promise<{ total: number, realms: RealmHeap[] }>}
     */
    async measure() {
      // Twice: the first collection can leave garbage that only finalizers released.
      for (let round = 0; round < 2; round += 1) {
        await cdp.send('HeapProfiler.collectGarbage');
        for (const sessionId of workers.keys()) {
          await sendToWorker(sessionId, 'HeapProfiler.collectGarbage');
        }
      }
      const realms = [realmHeap(await cdp.send('Runtime.getHeapUsage'), 'page')];
      for (const [sessionId, url] of workers) {
        realms.push(realmHeap(await sendToWorker(sessionId, 'Runtime.getHeapUsage'), url));
      }
      return { total: realms.reduce((sum, realm) => sum + realm.used, 0), realms };
    },
  };
}
