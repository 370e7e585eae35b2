// What the bench needs to know about a model before the browser sees it, read from node: the
// with-children body in line mode. Reading it also warms the server up: the first request
// generates the model (seconds for 100k objects) and, in pre-compressed mode, compresses the body,
// neither of which belongs in a measurement.

import { FNV_OFFSET, fnv1a, hex } from './fnv1a.mjs';

export const FULL_CHUNK_LENGTH = 62_500;
const ID_LENGTH = 32;
const DATA_CHUNK = '"speckle_type": "Speckle.Core.Models.DataChunk"';

/**
 * @typedef {{ base: string, token: string, projectId: string, objectId: string }} ModelAddress
 * @typedef {{ id: string, index: number, length: number }} ListedObject
 *   `index` in the body's order; `length` of its text (the generated models are ASCII: bytes).
 * @typedef {{ bytes: number, count: number, largestChild: ListedObject | null,
 *   fullChunk: ListedObject | null, objects: ListedObject[] }} ModelFacts
 */

/** @param {ModelAddress} model */
export function objectUrl({ base, projectId, objectId }) {
  return `${base}/objects/${projectId}/${objectId}`;
}

/** @param {ModelAddress} model @param {string} accept */
async function readBody(model, accept) {
  const res = await fetch(objectUrl(model), {
    headers: { Authorization: `Bearer ${model.token}`, Accept: accept },
  });
  if (!res.ok) throw new Error(`GET ${objectUrl(model)} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * Requests the line-mode body (the one the app reads) and lists its objects in the order the
 * server sends them.
 * @param {ModelAddress} model
 * @returns {Promise<ModelFacts>}
 */
export async function readLines(model) {
  const body = await readBody(model, 'text/plain');
  const text = body.toString('utf8');
  /** @type {ListedObject[]} */
  const objects = [];
  /** @type {ListedObject | null} */
  let largestChild = null;
  /** @type {ListedObject | null} */
  let fullChunk = null;
  let start = 0;
  for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
    const tab = text.indexOf('\t', start);
    const line = { id: text.slice(start, tab), index: objects.length, length: end - tab - 1 };
    objects.push(line);
    if (line.index > 0 && line.length > (largestChild?.length ?? 0)) largestChild = line;
    if (!fullChunk && text.startsWith(DATA_CHUNK, text.indexOf('"speckle_type"', tab))) {
      const data = JSON.parse(text.slice(tab + 1, end)).data;
      if (Array.isArray(data) && data.length === FULL_CHUNK_LENGTH) fullChunk = line;
    }
    start = end + 1;
  }
  return { bytes: body.length, count: objects.length, largestChild, fullChunk, objects };
}

/** Requests the JSON array once, for the naive client's runs. */
export async function warmUpJsonArray(/** @type {ModelAddress} */ model) {
  await readBody(model, 'application/json');
}

/** Requests a single object once, so that generating it is not measured. */
export async function warmUpSingle(/** @type {ModelAddress} */ model) {
  const res = await fetch(`${objectUrl(model)}/single`, {
    headers: { Authorization: `Bearer ${model.token}` },
  });
  if (!res.ok) throw new Error(`GET ${objectUrl(model)}/single answered ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

/**
 * Reads the line-mode body as a stream, for a body too big to hold: its size, its FNV-1a
 * (fnv1a.mjs) and every object's id and line length, in the server's order.
 * @param {ModelAddress} model
 * @returns {Promise<{ bytes: number, hash: string, ids: string[], lengths: number[] }>}
 */
export async function scanLines(model) {
  const res = await fetch(objectUrl(model), {
    headers: { Authorization: `Bearer ${model.token}`, Accept: 'text/plain' },
  });
  if (!res.ok || !res.body) throw new Error(`GET ${objectUrl(model)} answered ${res.status}`);
  /** @type {string[]} */
  const ids = [];
  /** @type {number[]} */
  const lengths = [];
  let [bytes, lineStart, hash, head] = [0, 0, FNV_OFFSET, ''];
  let inHead = true;
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (res.body)) {
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    hash = fnv1a(hash, buffer);
    for (let from = 0; ;) {
      // A line's id may straddle two chunks.
      if (inHead) {
        head += buffer.toString(
          'latin1',
          from,
          Math.min(buffer.length, from + ID_LENGTH - head.length),
        );
        if (head.length === ID_LENGTH) {
          ids.push(head);
          [inHead, head] = [false, ''];
        }
      }
      const end = buffer.indexOf(10, from);
      if (end < 0) break;
      lengths.push(bytes + end - lineStart);
      [lineStart, from, inHead] = [bytes + end + 1, end + 1, true];
    }
    bytes += buffer.length;
  }
  return { bytes, hash: hex(hash), ids, lengths };
}
