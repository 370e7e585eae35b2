import { describe, expect, it } from 'vitest';
import { IdNumberMap } from '../../../src/bytes/idNumberMap';
import { readTopLevelClosureSteps } from '../../../src/bytes/topLevelFields';
import { runNow } from '../../../src/lib/slices';
import { readRealFixture } from '../support/realFixtures';

const encoder = new TextEncoder();

function tableOf(entries: [string, number][], expected = 0): IdNumberMap {
  const table = new IdNumberMap(expected);
  for (const [id, depth] of entries) table.set(id, depth);
  return table;
}

describe('IdNumberMap', () => {
  it.each([
    ['across many refilings', 0],
    ['made room for first', 5000],
    ['made room for too few', 300],
    ['made room for too many', 100_000],
  ])('answers as a Map of the same entries, in the same order, %s', (_, expected) => {
    const entries = Array.from({ length: 5000 }, (_, i): [string, number] => [
      i.toString(16).padStart(32, '0'),
      (i % 7) + 1,
    ]);
    const table = tableOf(entries, expected);
    const map = new Map(entries);
    expect(table.size).toBe(5000);
    expect([...table]).toEqual([...map]);
    expect([...table.keys()]).toEqual([...map.keys()]);
    expect([...table.values()]).toEqual([...map.values()]);
    for (const [id, depth] of entries) expect(table.get(id)).toBe(depth);
    expect(table.has('f'.repeat(32))).toBe(false);
    expect(table.get('0'.repeat(31))).toBeUndefined();
  });

  it('keeps an id set again in its place with its new depth, as Map.set does', () => {
    const table = tableOf([
      ['a', 1],
      ['b', 2],
      ['a', 3],
    ]);
    expect([...table]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    const seen: string[] = [];
    table.forEach((depth, id, closure) => seen.push(`${id}=${depth}:${closure.size}`));
    expect(seen).toEqual(['a=3:2', 'b=2:2']);
  });

  it('holds ids beyond Latin-1, empty ids and odd depths, before and after them', () => {
    const entries: [string, number][] = [
      ['abc', 1],
      ['é', 2],
      ['', Infinity],
      ['日本', -0],
      ['x'.repeat(10_000), 2.5],
      ['abd', 4],
    ];
    const table = tableOf(entries);
    expect([...table]).toEqual(entries);
    expect(table.get('日本')).toBe(-0);
    expect(table.has('日')).toBe(false);
  });

  it('is what a closure read from bytes goes into, equal to the Map read from the same bytes', () => {
    const bytes = new Uint8Array(readRealFixture('revit-model-root.single.json'));
    const table = runNow(readTopLevelClosureSteps(bytes, new IdNumberMap()));
    const map = runNow(readTopLevelClosureSteps(bytes));
    expect(table).toBeInstanceOf(IdNumberMap);
    expect(table.size).toBe(8873);
    expect([...table]).toEqual([...map]);
  });

  it('reads a closure the scan cannot place into the table as well (parsed whole)', () => {
    const bytes = encoder.encode('{"x":"\\"__closure","__closure":{"a":1,"b\\u0041":2}}');
    const table = runNow(readTopLevelClosureSteps(bytes, new IdNumberMap()));
    expect([...table]).toEqual([...runNow(readTopLevelClosureSteps(bytes))]);
    expect(table.get('bA')).toBe(2);
  });

  it('numbers ids as first set, the same id from its string or its UTF-8 bytes', () => {
    const table = new IdNumberMap();
    const ids = Array.from({ length: 3000 }, (_, i) => `id-${i.toString(16)}`);
    ids.push('é-wide', '日本', '');
    const text = encoder.encode(`[${ids.map((id) => JSON.stringify(id)).join(',')}]`);
    let from = 1;
    ids.forEach((id, index) => {
      const length = encoder.encode(id).length;
      const entry =
        index % 2 === 0 ? table.addBytes(text, from + 1, from + 1 + length) : table.add(id);
      expect(entry).toBe(index);
      from += length + 3;
    });
    from = 1;
    for (const [index, id] of ids.entries()) {
      const length = encoder.encode(id).length;
      expect(table.addBytes(text, from + 1, from + 1 + length)).toBe(index);
      expect(table.add(id)).toBe(index);
      expect(table.entry(id)).toBe(index);
      expect(table.idAt(index)).toBe(id);
      from += length + 3;
    }
    expect(table.size).toBe(ids.length);
    expect(table.entry('id-nothing')).toBe(-1);
  });
});
