import { describe, expect, it } from 'vitest';
import { rowChoice } from '../../src/features/table/core/rowChoice';
import { TableBuild } from '../../src/features/table/core/tableBuild';
import { EMPTY_TABLE, type TableSpec } from '../../src/features/table/core/tableSpec';
import { rowOrder, tableGroups } from '../../src/features/table/core/tableView';

const ROWS = 1_000_000;
const LEVELS = 13;

/** A height per object, spread so that many rows share one and sorting has ties to keep. */
const heightOf = (index: number) => ((index * 7919) % 100_003) / 100;

describe('a property table of a million rows', () => {
  it('sorts by a number and groups by a text, as the worker does', () => {
    const chosen = rowChoice({ kind: 'all' }, null);
    if (!chosen.ok) throw new Error(chosen.message);
    const started = TableBuild.start(['height', 'level.name', 'speckle_type'], chosen.choice);
    if (!started.ok) throw new Error(started.message);
    const { build } = started;
    for (let index = 0; index < ROWS; index += 1) {
      const object = {
        id: `object-${index}`,
        speckle_type: `Type ${index % 7}`,
        units: 'm',
        height: index % 10 === 9 ? 'unknown' : heightOf(index),
        level: { name: `Level ${index % LEVELS}` },
      };
      build.add(object.id, JSON.stringify(object));
    }
    const table = build.finish();
    expect(table.rows).toBe(ROWS);

    const spec: TableSpec = {
      ...EMPTY_TABLE,
      columns: ['height', 'level.name', 'speckle_type'],
      sort: { column: 'height', descending: true },
      groupBy: 'level.name',
    };
    const order = rowOrder(table, spec);
    expect(order.length).toBe(ROWS);
    // Descending: the texts (after the numbers when ascending) first, in the order read, then
    // the numbers from the greatest.
    const texts = [...order.subarray(0, ROWS / 10)];
    expect(texts.every((row) => row % 10 === 9)).toBe(true);
    expect(texts).toEqual([...texts].sort((a, b) => a - b));
    const height = table.column('height');
    let previous = Number.POSITIVE_INFINITY;
    let descending = true;
    for (const row of order.subarray(ROWS / 10)) {
      descending &&= height.number(row) <= previous;
      previous = height.number(row);
    }
    expect(descending).toBe(true);

    const groups = tableGroups(table, spec, order)!;
    expect(groups.map(({ value }) => value)).toEqual(
      Array.from({ length: LEVELS }, (_, level) => `Level ${level}`).sort(),
    );
    for (const group of groups) {
      const level = Number(group.value!.slice('Level '.length));
      const rows = Array.from({ length: ROWS }, (_, index) => index).filter(
        (index) => index % LEVELS === level,
      );
      expect(group.count).toBe(rows.length);
      const numbers = rows.filter((index) => index % 10 !== 9).map(heightOf);
      expect(group.numbers[0]!.max).toBe(Math.max(...numbers));
      expect(group.numbers[0]!.min).toBe(Math.min(...numbers));
    }
  });
});
