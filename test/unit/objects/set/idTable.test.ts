import { describe, expect, it } from 'vitest';
import { idHash } from '../../../../src/bytes/idHash';
import { IdTable } from '../../../../src/objects/set/idTable';
import { Column } from '../../../../src/objects/set/lineColumns';

describe('idHash', () => {
  it('hashes a span of a text as the same id on its own', () => {
    const text = `${'a'.repeat(32)}${'0123456789abcdef'.repeat(2)}`;
    expect(idHash(text, 32, 64)).toBe(idHash(text.slice(32)));
    expect(idHash('a'.repeat(32))).not.toBe(idHash(`${'a'.repeat(31)}b`));
  });
});

describe('IdTable', () => {
  /** Each line's hash, as the object set keeps them. */
  function hashColumn(hashes: number[]): Column<Uint32Array> {
    const column = new Column(new Uint32Array(0));
    for (const hash of hashes) column.push(hash);
    return column;
  }

  const holds = (ids: string[]) => (line: number, id: string) => ids[line] === id;
  const sameIds = (ids: string[]) => (filed: number, line: number) => ids[filed] === ids[line];

  it('finds each line among lines that all share one hash, by the key the caller matches', () => {
    const ids = Array.from({ length: 50 }, (_, line) => `id-${line}`);
    const table = new IdTable(hashColumn(ids.map(() => 7)));
    for (const line of ids.keys()) expect(table.addUnlessPresent(line, sameIds(ids))).toBe(-1);

    for (const [line, id] of ids.entries()) expect(table.find(7, id, holds(ids))).toBe(line);
    expect(table.find(7, 'id-50', holds(ids))).toBe(-1);
    expect(table.find(8, 'id-1', () => true)).toBe(-1);
  });

  it('keeps every line findable as it grows far past the room it was given', () => {
    const ids = Array.from({ length: 5000 }, (_, line) => `object ${line}`);
    const table = new IdTable(hashColumn(ids.map((id) => idHash(id))));
    table.reserve(10);
    for (const line of ids.keys()) expect(table.addUnlessPresent(line, sameIds(ids))).toBe(-1);

    for (const [line, id] of ids.entries()) {
      expect(table.find(idHash(id), id, holds(ids))).toBe(line);
    }
  });

  it('files a repeated id once: the repeat gets the line filed first and stays out', () => {
    const ids = ['a', 'b', 'a', 'c', 'b', 'a'];
    const table = new IdTable(hashColumn(ids.map((id) => idHash(id))));

    const answers = ids.map((_, line) => table.addUnlessPresent(line, sameIds(ids)));

    expect(answers).toEqual([-1, -1, 0, -1, 1, 0]);
    expect(['a', 'b', 'c'].map((id) => table.find(idHash(id), id, holds(ids)))).toEqual([0, 1, 3]);
  });

  it('finds every line and refuses every repeat at each step while it grows a little at a time', () => {
    // 5,000 lines, then each id again: the table grows past 1,024 slots in steps, the repeats
    // coming while lines are still in the table being emptied.
    const distinct = Array.from({ length: 5000 }, (_, line) => `object ${line}`);
    const ids = [...distinct, ...distinct.slice(0, 3000)];
    const table = new IdTable(hashColumn(ids.map((id) => idHash(id))));
    for (const [line, id] of ids.entries()) {
      const first = distinct.indexOf(id);
      expect(table.addUnlessPresent(line, sameIds(ids))).toBe(first === line ? -1 : first);
      // Lines filed long before, and the line just filed, are found mid-move.
      expect(table.find(idHash(ids[line >> 1]!), ids[line >> 1]!, holds(ids))).toBe(line >> 1);
      expect(table.find(idHash(id), id, holds(ids))).toBe(first);
    }
  });

  it('finds nothing before anything is filed', () => {
    expect(new IdTable(hashColumn([])).find(0, 'a', () => true)).toBe(-1);
  });
});

describe('Column', () => {
  it('keeps its values as it grows', () => {
    const column = new Column(new Float64Array(0));
    const values = Array.from({ length: 3000 }, (_, index) => index * 1.5 + 2 ** 40);
    for (const value of values) column.push(value);

    expect(column.length).toBe(3000);
    expect(values.every((value, index) => column.at(index) === value)).toBe(true);
  });

  it('counts from 0 up, then grows like any column', () => {
    const column = Column.counting(3);
    column.push(9);
    expect([0, 1, 2, 3].map((index) => column.at(index))).toEqual([0, 1, 2, 9]);
  });
});
