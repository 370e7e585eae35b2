import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IndexChannel, LoadEnd } from '../../../../src/objects/load/indexChannel';
import { StorageError } from '../../../../src/objects/set/byteStore';
import { memoryByteStore } from '../../support/memoryByteStore';
import { ObjectSet } from '../../../../src/objects/set/objectSet';
import { concatBytes } from '../../../../src/bytes/lines';
import { appendDeferredRecords, appendRecords } from '../../support/objectSets';

const channel = vi.hoisted(() => ({ end: null as LoadEnd | null }));
vi.mock('../../../../src/objects/load/indexChannel', () => ({
  openIndexChannel: (): IndexChannel => ({
    open: (access) => Promise.resolve(access.base),
    openFiles: () => undefined,
    finished: Promise.resolve(channel.end),
    release: () => undefined,
    stop: () => Promise.resolve(),
  }),
}));
const { loadObjectSet } = await import('../../../../src/objects/load/loadObjectSet');

afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => String(n).padStart(32, '0');
const record = (n: number) => ({ id: id(n), raw: `{"id":"${id(n)}","n":${n}}` });
const lineOf = (n: number) => `${id(n)}\t${record(n).raw}\n`;

/**
 * A set that received objects 0 to 4, the root in the page and the rest spilled, of which the
 * store kept objects 1 and 2 and half of 3 before the browser's storage filled.
 */
function filledSet() {
  const set = new ObjectSet();
  set.askForBytesWith(() => undefined);
  appendRecords(set, [record(0)]);
  const store = memoryByteStore();
  set.spillTo(store);
  const deferred = appendDeferredRecords(set, [record(1), record(2), record(3), record(4)]);
  const storedBytes = lineOf(1).length + lineOf(2).length + 20;
  store.append([deferred.subarray(0, storedBytes)]);
  return { set, storedBytes };
}

async function loadEndingWith(set: ObjectSet, end: LoadEnd) {
  channel.end = end;
  // A worker, so that the load plans a spill as in a browser.
  vi.stubGlobal('Worker', class {});
  const access = { base: 'https://speckle.example', token: '' };
  await loadObjectSet(set, access, { projectId: 'p', objectId: id(0) }, new Set(), () => {});
}

describe('a load whose spill the browser’s storage stopped keeping', () => {
  it('is reported as the storage’s failure, with what it kept, not as a connection closed early', async () => {
    const { set, storedBytes } = filledSet();
    const reason = 'wrote 4294967288 of 2097152 bytes at byte 2097152000';

    await loadEndingWith(set, {
      complete: true,
      storageFailure: new StorageError(reason, storedBytes),
    });

    const { status, error, received, readable } = set.getProgress();
    expect(status).toBe('incomplete');
    expect(error?.kind).toBe('storage-full');
    expect(error?.message).not.toMatch(/connection closed early/);
    expect(error?.message).toMatch(
      /^The browser's storage stopped keeping this model after \d+ B of \d+ B \(wrote 4294967288 of 2097152 bytes at byte 2097152000\)\. All 5 objects received are listed; the text of the first 3 was kept/,
    );
    expect([received, readable]).toEqual([5, 3]);
  });

  it('reads what was kept; an object past it says its text was not kept', async () => {
    const { set, storedBytes } = filledSet();
    await loadEndingWith(set, {
      complete: true,
      storageFailure: new StorageError('full', storedBytes),
    });

    await set.wantText(id(2));
    expect(set.raw(id(2))).toBe(record(2).raw);
    await expect(set.wantText(id(3))).rejects.toThrow(
      "This text was not kept: the browser's storage had stopped keeping this model before it arrived.",
    );
    const texts: string[] = [];
    for await (const object of set.withTexts('summaries') as AsyncIterable<{ raw: string }>) {
      texts.push(object.raw);
    }
    expect(texts).toEqual([0, 1, 2].map((n) => record(n).raw));
    // The body's copy ends with the last line kept, whole.
    const copy: Uint8Array[] = [];
    for await (const piece of set.bodyPieces()) copy.push(piece);
    expect(new TextDecoder().decode(concatBytes(copy))).toBe([0, 1, 2].map(lineOf).join(''));
  });

  it('still ends as a broken stream when the storage kept everything and the network failed', async () => {
    const { set } = filledSet();
    await loadEndingWith(set, { complete: false, broken: 'network error' });

    expect(set.getProgress().error?.kind).toBe('truncated');
    expect(set.getProgress().readable).toBe(5);
  });
});
