import { describe, expect, it } from 'vitest';
import {
  filterOf,
  withColumn,
  withColumnMoved,
  withFilter,
  withGrouping,
  withoutColumn,
  withSortToggled,
  withSource,
} from '../../../../../src/features/table/core/specEdits';
import { EMPTY_TABLE, type TableSpec } from '../../../../../src/features/table/core/tableSpec';

const SPEC: TableSpec = {
  ...EMPTY_TABLE,
  columns: ['name', 'height', 'level.name'],
  filters: [
    { column: 'height', filter: { kind: 'range', min: 1, max: null } },
    { column: 'name', filter: { kind: 'exists' } },
  ],
  sort: { column: 'height', descending: false },
  groupBy: 'height',
};

describe('changes to the table', () => {
  it('adds a column at the end, once', () => {
    expect(withColumn(SPEC, 'units').columns).toEqual(['name', 'height', 'level.name', 'units']);
    expect(withColumn(SPEC, 'name')).toBe(SPEC);
    expect(withColumn(SPEC, '')).toBe(SPEC);
  });

  it('takes a column away with its filter, its sort and its grouping', () => {
    const spec = withoutColumn(SPEC, 'height');
    expect(spec).toEqual({
      ...SPEC,
      columns: ['name', 'level.name'],
      filters: [{ column: 'name', filter: { kind: 'exists' } }],
      sort: null,
      groupBy: null,
    });
    expect(withoutColumn(SPEC, 'name').sort).toEqual(SPEC.sort);
  });

  it('moves a column within the columns', () => {
    expect(withColumnMoved(SPEC, 'level.name', -1).columns).toEqual([
      'name',
      'level.name',
      'height',
    ]);
    expect(withColumnMoved(SPEC, 'name', 1).columns).toEqual(['height', 'name', 'level.name']);
    expect(withColumnMoved(SPEC, 'name', -1)).toBe(SPEC);
    expect(withColumnMoved(SPEC, 'level.name', 5)).toBe(SPEC);
    expect(withColumnMoved(SPEC, 'nowhere', 1)).toBe(SPEC);
  });

  it('keeps one filter per column, and takes it away for none', () => {
    const spec = withFilter(SPEC, 'height', { kind: 'missing' });
    expect(spec.filters).toHaveLength(2);
    expect(filterOf(spec, 'height')).toEqual({ kind: 'missing' });
    expect(filterOf(withFilter(spec, 'height', null), 'height')).toBeNull();
    expect(filterOf(SPEC, 'level.name')).toBeNull();
  });

  it('sorts by a header ascending, then descending, then ascending again', () => {
    const first = withSortToggled(SPEC, 'name');
    expect(first.sort).toEqual({ column: 'name', descending: false });
    const second = withSortToggled(first, 'name');
    expect(second.sort).toEqual({ column: 'name', descending: true });
    expect(withSortToggled(second, 'name').sort).toEqual({ column: 'name', descending: false });
  });

  it('changes the rows and the grouping alone', () => {
    const spec = withGrouping(withSource(SPEC, { kind: 'type', speckleType: 'A.B' }), null);
    expect(spec).toEqual({ ...SPEC, source: { kind: 'type', speckleType: 'A.B' }, groupBy: null });
  });
});
