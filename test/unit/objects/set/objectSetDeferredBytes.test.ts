import { describe, expect, it, vi } from 'vitest';
import { ObjectSet } from '../../../../src/objects/set/objectSet';
import { appendDeferredRecords, appendRecords } from '../../support/objectSets';

const id = (n: number) => String(n).padStart(32, '0');
const record = (n: number) => ({ id: id(n), raw: `{"id":"${id(n)}","speckle_type":"Base"}` });
const bodyOf = (records: { id: string; raw: string }[]) =>
  records.map(({ id, raw }) => `${id}\t${raw}\n`).join('');
const text = (parts: Uint8Array[]) => parts.map((part) => new TextDecoder().decode(part)).join('');

/** A loading set with the root and object 1 readable, and objects 2 to 4 deferred in two blocks. */
function setWithDeferredBytes() {
  const set = new ObjectSet();
  const ask = vi.fn();
  set.askForBytesWith(ask);
  appendRecords(set, [record(0), record(1)]);
  const deferred = [
    appendDeferredRecords(set, [record(2), record(3)]),
    appendDeferredRecords(set, [record(4), record(1)]),
  ];
  return { set, ask, deferred };
}

describe('an object set whose loader defers bytes', () => {
  it('lists and counts the deferred objects, but reads only the others', () => {
    const { set } = setWithDeferredBytes();

    expect(set.getProgress()).toMatchObject({ received: 5, readable: 2, duplicates: 1 });
    expect(set.summaries.length).toBe(5);
    expect(set.summaries.at(3)!.id).toBe(id(3));
    expect(set.has(id(3))).toBe(true);
    expect(set.canRead(id(3))).toBe(false);
    expect(set.raw(id(3))).toBeUndefined();
    expect(set.encodedPieces(id(3))).toBeUndefined();
    expect(() => set.summaries.at(3)!.raw).toThrow(/has not reached the page/);
    expect(set.raw(id(1))).toBe(record(1).raw);
    // A copy of the body so far holds what can be read, not a gap.
    expect(text(set.bodyBytes())).toBe(bodyOf([record(0), record(1)]));
  });

  it('asks the loader once when bytes are wanted, and is ready when they are here', async () => {
    const { set, ask, deferred } = setWithDeferredBytes();
    const notified = vi.fn();
    set.subscribe(notified);

    const ready = set.wantBytes();
    void set.wantBytes();
    expect(ask).toHaveBeenCalledTimes(1);
    set.receiveBytes(deferred);
    await ready;

    expect(notified).toHaveBeenCalled();
    expect(set.getProgress()).toMatchObject({ received: 5, readable: 5 });
    expect(set.raw(id(4))).toBe(record(4).raw);
    expect(set.summaries.at(3)!.raw).toBe(record(3).raw);
    expect(text(set.bodyBytes())).toBe(
      bodyOf([record(0), record(1), record(2), record(3), record(4), record(1)]),
    );
  });

  it('asks a loader that comes later, and needs none to ask when nothing is deferred', async () => {
    const alone = new ObjectSet();
    appendRecords(alone, [record(0)]);
    await expect(alone.wantBytes()).resolves.toBeUndefined();

    const set = new ObjectSet();
    void set.wantBytes();
    const ask = vi.fn();
    set.askForBytesWith(ask);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('is ready for readers once the load ends, however it ends', async () => {
    const { set } = setWithDeferredBytes();
    const ready = set.wantBytes();

    set.fail(
      new (await import('../../../../src/api/apiError')).ApiError('truncated', {
        base: 'https://speckle.example',
        projectId: 'p',
        objectId: id(0),
        hadToken: true,
      }),
    );

    await expect(ready).resolves.toBeUndefined();
  });
});
