import { describe, expect, it } from 'vitest';
import { idHash } from '../../src/speckle/idHash';
import { IdTable } from '../../src/speckle/idTable';
import { Column } from '../../src/speckle/lineColumns';

describe('idHash', () => {
  it('hashes a span of a text as the same id on its own', () => {
    const text = `${'a'.repeat(32)}${'0123456789abcdef'.repeat(2)}`;
    expect(idHash(text, 32, 64)).toBe(idHash(text.slice(32)));
    expect(idHash('a'.repeat(32))).not.toBe(idHash(`${'a'.repeat(31)}b`));
  });
});

describe('IdTable', () => {
  /** A table of lines 0, 1, … filed under the given hashes. */
  function tableOf(hashes: number[]) {
    const table = new IdTable((line) => hashes[line]!);
    for (const line of hashes.keys()) table.file(line);
    return table;
  }

  it('finds each line among lines that all share one hash, by what the caller matches', () => {
    const ids = Array.from({ length: 50 }, (_, line) => `id-${line}`);
    const table = tableOf(ids.map(() => 7));

    for (const [line, id] of ids.entries()) {
      expect(table.find(7, (filed) => ids[filed] === id)).toBe(line);
    }
    expect(table.find(7, () => false)).toBe(-1);
    expect(table.find(8, () => true)).toBe(-1);
  });

  it('keeps every line findable as it grows far past the room it was given', () => {
    const hashes = Array.from({ length: 5000 }, (_, line) => idHash(`object ${line}`));
    const table = new IdTable((line) => hashes[line]!);
    table.reserve(10);
    for (const line of hashes.keys()) table.file(line);

    for (const [line, hash] of hashes.entries()) {
      expect(table.find(hash, (filed) => filed === line)).toBe(line);
    }
  });

  it('finds nothing before anything is filed', () => {
    expect(new IdTable(() => 0).find(0, () => true)).toBe(-1);
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
