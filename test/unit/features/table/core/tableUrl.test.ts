import { describe, expect, it } from 'vitest';
import {
  readTableAddress,
  writeTableAddress,
  type TableAddress,
} from '../../../../../src/features/table/core/tableUrl';
import { EMPTY_TABLE, type TableSpec } from '../../../../../src/features/table/core/tableSpec';
import { DEFAULT_MATCH_OPTIONS } from '../../../../../src/speckle/searchQuery';

const NO_SEARCH = { query: '', options: DEFAULT_MATCH_OPTIONS };

function roundTrip(table: TableAddress, before = '', search = NO_SEARCH): TableAddress {
  return readTableAddress(writeTableAddress(before, table), search);
}

const FULL: TableSpec = {
  source: {
    kind: 'type',
    speckleType: 'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall',
  },
  columns: ['name', 'level.name', 'parameters."Fire Rating"', 'height'],
  filters: [
    { column: 'level.name', filter: { kind: 'equals', text: 'Level 2' } },
    { column: 'name', filter: { kind: 'contains', text: 'a:b..c&d=e' } },
    { column: 'height', filter: { kind: 'range', min: -1.5, max: 3e21 } },
    { column: 'parameters."Fire Rating"', filter: { kind: 'missing' } },
    { column: 'name', filter: { kind: 'exists' } },
  ],
  sort: { column: 'height', descending: true },
  groupBy: 'level.name',
};

describe('the property table in the address', () => {
  it('writes every part of the table beside the other parameters, and reads it back', () => {
    const search = writeTableAddress('?server=https%3A%2F%2Fa.example&object=abc&search=wall', {
      open: true,
      spec: FULL,
    });
    expect(
      search.startsWith('?server=https%3A%2F%2Fa.example&object=abc&search=wall&table=1&'),
    ).toBe(true);
    expect(new URLSearchParams(search).getAll('col')).toEqual(FULL.columns);
    expect(readTableAddress(search, NO_SEARCH)).toEqual({ open: true, spec: FULL });
  });

  it('takes its parameters out when the table closes, and keeps the others', () => {
    const open = writeTableAddress('?object=abc&search=x', { open: true, spec: FULL });
    expect(writeTableAddress(open, { open: false, spec: FULL })).toBe('?object=abc&search=x');
    expect(writeTableAddress('?table=1&col=a', { open: false, spec: EMPTY_TABLE })).toBe('');
  });

  it('reads a closed table and the default spec from an address without them', () => {
    expect(readTableAddress('?object=abc', NO_SEARCH)).toEqual({ open: false, spec: EMPTY_TABLE });
    expect(writeTableAddress('', { open: true, spec: EMPTY_TABLE })).toBe('?table=1');
  });

  it('brings back columns of any characters: quotes, dots, separators, any script', () => {
    const columns = [
      'properties."Type Parameters".Construction.Width',
      '"a \\"quoted\\" name".x',
      '"dots.in.one.name"',
      '"Höhe über Null".Wert',
      '"名前".値',
      '"emoji 🧱 wall"',
      'a&b=c#d?e+f%20g',
      '  spaces  ',
      'col=x',
    ];
    const spec: TableSpec = {
      ...EMPTY_TABLE,
      columns,
      filters: columns.map((column) => ({ column, filter: { kind: 'equals', text: column } })),
      sort: { column: columns[1]!, descending: false },
      groupBy: columns[4]!,
    };
    expect(roundTrip({ open: true, spec }, '?object=x')).toEqual({ open: true, spec });
  });

  it('writes each kind of source, the search taking the query and options the address holds', () => {
    const finding: TableSpec = {
      ...EMPTY_TABLE,
      source: { kind: 'finding', rule: 'proxy:missing-target' },
    };
    expect(roundTrip({ open: true, spec: finding })).toEqual({ open: true, spec: finding });
    const addressSearch = {
      query: 'speckle_type:Wall',
      options: { ...DEFAULT_MATCH_OPTIONS, matchCase: true },
    };
    const written = writeTableAddress('?search=speckle_type%3AWall&case=1', {
      open: true,
      spec: { ...EMPTY_TABLE, source: { kind: 'search', ...addressSearch } },
    });
    expect(new URLSearchParams(written).get('rows')).toBe('search');
    expect(readTableAddress(written, addressSearch).spec.source).toEqual({
      kind: 'search',
      ...addressSearch,
    });
  });

  it('writes number ranges open on either side', () => {
    for (const [min, max, text] of [
      [null, 3, 'range:..3'],
      [-2, null, 'range:-2..'],
      [null, null, 'range:..'],
      [0.25, 1e-7, 'range:0.25..1e-7'],
    ] as const) {
      const spec: TableSpec = {
        ...EMPTY_TABLE,
        filters: [{ column: 'h', filter: { kind: 'range', min, max } }],
      };
      const search = writeTableAddress('', { open: true, spec });
      expect(new URLSearchParams(search).get('is')).toBe(text);
      expect(readTableAddress(search, NO_SEARCH).spec).toEqual(spec);
    }
  });

  it('leaves out what cannot be read rather than guessing', () => {
    const { spec } = readTableAddress(
      '?table=1&rows=type:&where=a&is=range:x..2&where=b&is=near:3&where=c&is=range:5&where=d&is=exists&where=e',
      NO_SEARCH,
    );
    expect(spec.source).toEqual({ kind: 'all' });
    expect(spec.filters).toEqual([{ column: 'd', filter: { kind: 'exists' } }]);
    expect(readTableAddress('?rows=search:x&table=yes', NO_SEARCH)).toEqual({
      open: false,
      spec: EMPTY_TABLE,
    });
  });
});
