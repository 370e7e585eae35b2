import { describe, expect, it, vi } from 'vitest';
import { EXPORT_FORMATS } from '../../../../src/features/exports/formats';
import { concatBytes } from '../../../../src/bytes/lines';
import { Body } from '../../../../src/objects/set/body';
import { memoryByteStore } from '../../support/memoryByteStore';
import { ObjectSet } from '../../../../src/objects/set/objectSet';
import { collect } from '../../support/exportFixtures';
import { appendDeferredRecords, appendRecords } from '../../support/objectSets';

const id = (n: number) => String(n).padStart(32, '0');
const record = (n: number, text = 'Base') => ({
  id: id(n),
  raw: `{"id":"${id(n)}","speckle_type":"${text}"}`,
});
const bytes = (text: string) => new TextEncoder().encode(text);

/** A loading set with the root readable, spilled, then objects 1 to 3 stored in two blocks. */
function spilledSet() {
  const set = new ObjectSet();
  const ask = vi.fn();
  set.askForBytesWith(ask);
  appendRecords(set, [record(0)]);
  const store = memoryByteStore();
  set.spillTo(store);
  store.append([
    appendDeferredRecords(set, [record(1), record(2, 'Objects.Geometry.Mesh — ünïcode')]),
    appendDeferredRecords(set, [record(3)]),
  ]);
  return { set, ask, store };
}

describe('an object set spilled to a byte store', () => {
  it('lists every object, and reads one back, byte for byte, when it is wanted', async () => {
    const { set, ask } = spilledSet();
    const notified = vi.fn();
    set.subscribe(notified);

    expect(set.getProgress()).toMatchObject({ received: 4, readable: 4, stored: 'disk' });
    expect(set.canRead(id(2))).toBe(false);
    await set.wantText(id(2));

    expect(set.canRead(id(2))).toBe(true);
    expect(concatBytes(set.encodedPieces(id(2)) ?? [])).toEqual(
      bytes(record(2, 'Objects.Geometry.Mesh — ünïcode').raw),
    );
    expect(set.raw(id(2))).toBe(record(2, 'Objects.Geometry.Mesh — ünïcode').raw);
    expect(notified).toHaveBeenCalled();
    // Nothing is asked of the loader: the store has the bytes.
    await set.wantBytes();
    expect(ask).not.toHaveBeenCalled();
  });

  it('reads a text asked for again while it is being read once (the click, then the view)', async () => {
    const { set, store } = spilledSet();
    const read = vi.spyOn(store, 'read');
    await Promise.all([set.wantText(id(1)), set.wantText(id(1)), set.wantText(id(3))]);

    expect(read).toHaveBeenCalledTimes(2);
    expect(set.raw(id(1))).toBe(record(1).raw);
    expect(set.raw(id(3))).toBe(record(3).raw);
  });

  it('reads a text that starts in the page and ends in the store', async () => {
    const body = new Body();
    body.append(bytes('0123456789'), 0, 10);
    const store = memoryByteStore();
    body.spillTo(store);
    body.append(null, 10, 5);
    store.append([bytes('abcde')]);

    await expect(body.read(7, 6)).resolves.toEqual(bytes('789abc'));
    expect(body.canSlice(7, 6)).toBe(false);
    await body.readBack(7, 6);
    expect(body.slice(7, 6)).toEqual(bytes('789abc'));
  });

  it('drops its store when disposed: nothing can be read back after', async () => {
    const { set, store } = spilledSet();

    set.dispose();

    await expect(store.read(0, 1)).rejects.toThrow(/not stored/);
    await expect(set.wantText(id(3))).rejects.toThrow(/not stored/);
  });
});

describe('the downloads of a set spilled to a byte store', () => {
  it('are written from the stored bytes, equal to the body as received', async () => {
    const { set } = spilledSet();
    set.finish();
    const all = [record(0), record(1), record(2, 'Objects.Geometry.Mesh — ünïcode'), record(3)];
    const body = all.map(({ id, raw }) => `${id}\t${raw}\n`).join('');

    const lines = EXPORT_FORMATS.jsonLines.parts({
      records: set.withTexts('records'),
      lineBytes: set.bodyPieces(),
    });
    const array = EXPORT_FORMATS.jsonArray.parts({ records: set.withTexts('records') });

    expect((await collect(lines)).join('')).toBe(body);
    expect((await collect(array)).join('')).toBe(`[${all.map(({ raw }) => raw).join(',')}]`);
    expect(set.bodyLength()).toBe(bytes(body).length);
  });
});
