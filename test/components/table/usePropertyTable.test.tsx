import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePropertyTable } from '../../../src/features/table';
import { EMPTY_TABLE, type TableSpec } from '../../../src/features/table/core/tableSpec';
import { ObjectSet } from '../../../src/objects/set/objectSet';
import type { TableRow } from '../../../src/features/table/core/tableRows';
import { appendRecords } from '../../unit/support/objectSets';

const objects = Array.from({ length: 250 }, (_, index) => ({
  id: `object-${String(index).padStart(3, '0')}`,
  speckle_type: index % 2 === 0 ? 'Wall' : 'Door',
  units: 'm',
  width: index,
}));
const records = objects.map((object) => ({ id: object.id, raw: JSON.stringify(object) }));

const spec: TableSpec = {
  ...EMPTY_TABLE,
  source: { kind: 'type', speckleType: 'Wall' },
  columns: ['width'],
  sort: { column: 'width', descending: true },
};

describe('usePropertyTable', () => {
  it('waits for the load to end, then builds, and fetches the rows a view asks for', async () => {
    const set = new ObjectSet();
    appendRecords(set, records);
    const { result } = renderHook(() => usePropertyTable(set, spec, null));
    expect(result.current.state).toEqual({ status: 'idle' });
    act(() => set.finish());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready' }));
    expect(result.current).toMatchObject({ sourceCount: 125, rowCount: 125, groups: null });

    // Rows not fetched yet are undefined, and asked for; the hook renders again when they come.
    expect(result.current.rowsAt(0, 2)).toEqual([undefined, undefined]);
    await waitFor(() =>
      expect(result.current.rowsAt(0, 2)).toEqual([
        { id: 'object-248', cells: [{ text: '248', unit: 'm' }] },
        { id: 'object-246', cells: [{ text: '246', unit: 'm' }] },
      ]),
    );
    await waitFor(() => expect(result.current.suggestions.length).toBeGreaterThan(0));
    expect(result.current.suggestions).toContainEqual({
      column: 'width',
      count: 125,
      numeric: true,
    });
  });

  it('reads every row in order, a chunk at a time, for an export', async () => {
    const set = new ObjectSet();
    appendRecords(set, records);
    set.finish();
    const { result } = renderHook(() => usePropertyTable(set, spec, null));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready' }));
    const rows: TableRow[] = [];
    await act(() =>
      result.current.readAllRows(async (chunk) => {
        rows.push(...chunk);
      }, new AbortController().signal),
    );
    expect(rows.map(({ id }) => id)).toEqual(
      objects
        .filter(({ speckle_type }) => speckle_type === 'Wall')
        .map(({ id }) => id)
        .reverse(),
    );
  });

  it('builds the same table again when asked (after a cancel, which keeps the spec)', async () => {
    const set = new ObjectSet();
    appendRecords(set, records);
    set.finish();
    const { result } = renderHook(() => usePropertyTable(set, spec, null));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready' }));

    act(() => result.current.rebuild());
    expect(result.current.state.status).toBe('building');
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready' }));
    expect(result.current.rowCount).toBe(125);
  });

  it('is idle without a spec', () => {
    const set = new ObjectSet();
    set.finish();
    const { result } = renderHook(() => usePropertyTable(set, null, null));
    expect(result.current.state).toEqual({ status: 'idle' });
  });
});
