/**
 * The property table in the address, so that a link reproduces it. Beside the result's own
 * parameters (`server`, `object`) and the search's (`search`, `case`, …), which are kept:
 *
 *   table=1                       the table is open
 *   rows=type:{speckle_type}      its rows: one type (absent: every object)
 *   rows=search                   … the objects the search in the address finds
 *   rows=finding:{rule}           … the objects of one finding of the model doctor
 *   col={path}                    a column, once per column, in order
 *   where={path} & is={test}      a filter, the two in step: is=equals:{text}, contains:{text},
 *                                 range:{min}..{max} (either side may be empty), exists, missing
 *   sort={path}, desc=1           the sorting column, and descending
 *   group={path}                  the grouping column
 *
 * Each path is a parameter's whole value, so a column holding any character (quotes, dots,
 * `&`, any script) comes back as it went. A table closed leaves none of these in the address.
 */
import type { MatchOptions } from '../../../speckle/searchQuery';
import { EMPTY_TABLE, type ColumnFilter, type RowSource, type TableSpec } from './tableSpec';

export interface TableAddress {
  open: boolean;
  spec: TableSpec;
}

/** The search the address holds: a table of the search's objects takes it. */
export interface AddressSearch {
  query: string;
  options: MatchOptions;
}

const NAMES = {
  open: 'table',
  rows: 'rows',
  column: 'col',
  where: 'where',
  is: 'is',
  sort: 'sort',
  descending: 'desc',
  group: 'group',
} as const;

export function readTableAddress(search: string, addressSearch: AddressSearch): TableAddress {
  const params = new URLSearchParams(search);
  const wheres = params.getAll(NAMES.where);
  const tests = params.getAll(NAMES.is);
  const filters: TableSpec['filters'] = [];
  wheres.forEach((column, at) => {
    const filter = readFilter(tests[at] ?? '');
    if (filter) filters.push({ column, filter });
  });
  const sortColumn = params.get(NAMES.sort);
  return {
    open: params.get(NAMES.open) === '1',
    spec: {
      source: readSource(params.get(NAMES.rows), addressSearch),
      columns: params.getAll(NAMES.column),
      filters,
      sort:
        sortColumn === null
          ? null
          : { column: sortColumn, descending: params.get(NAMES.descending) === '1' },
      groupBy: params.get(NAMES.group),
    },
  };
}

/** `search` with the table written in; a closed table takes its parameters out. */
export function writeTableAddress(search: string, { open, spec }: TableAddress): string {
  const params = new URLSearchParams(search);
  for (const name of Object.values(NAMES)) params.delete(name);
  if (open) {
    params.set(NAMES.open, '1');
    const rows = writeSource(spec.source);
    if (rows !== null) params.set(NAMES.rows, rows);
    for (const column of spec.columns) params.append(NAMES.column, column);
    for (const { column, filter } of spec.filters) {
      params.append(NAMES.where, column);
      params.append(NAMES.is, writeFilter(filter));
    }
    if (spec.sort) {
      params.set(NAMES.sort, spec.sort.column);
      if (spec.sort.descending) params.set(NAMES.descending, '1');
    }
    if (spec.groupBy !== null) params.set(NAMES.group, spec.groupBy);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function readSource(rows: string | null, addressSearch: AddressSearch): RowSource {
  const [kind, detail] = splitOnce(rows ?? '', ':');
  if (kind === 'type' && detail) return { kind: 'type', speckleType: detail };
  if (kind === 'finding' && detail) return { kind: 'finding', rule: detail };
  if (kind === 'search' && detail === null) {
    return { kind: 'search', query: addressSearch.query, options: addressSearch.options };
  }
  return EMPTY_TABLE.source;
}

/** Null for every object, the default. The search's own input stays in its own parameters. */
function writeSource(source: RowSource): string | null {
  switch (source.kind) {
    case 'all':
      return null;
    case 'type':
      return `type:${source.speckleType}`;
    case 'search':
      return 'search';
    case 'finding':
      return `finding:${source.rule}`;
  }
}

function readFilter(text: string): ColumnFilter | null {
  const [kind, argument] = splitOnce(text, ':');
  if (argument === null) return kind === 'exists' || kind === 'missing' ? { kind } : null;
  if (kind === 'equals' || kind === 'contains') return { kind, text: argument };
  if (kind !== 'range') return null;
  const [min, max] = splitOnce(argument, '..');
  const bounds = [min, max].map((bound) => (bound === '' || bound === null ? null : Number(bound)));
  if (max === null || bounds.some((bound) => bound !== null && !Number.isFinite(bound))) {
    return null;
  }
  return { kind: 'range', min: bounds[0] ?? null, max: bounds[1] ?? null };
}

function writeFilter(filter: ColumnFilter): string {
  switch (filter.kind) {
    case 'equals':
    case 'contains':
      return `${filter.kind}:${filter.text}`;
    case 'range':
      return `range:${filter.min ?? ''}..${filter.max ?? ''}`;
    case 'exists':
    case 'missing':
      return filter.kind;
  }
}

/** The text before the first `separator` and the rest, or the whole text and null. */
function splitOnce(text: string, separator: string): [string, string | null] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, null] : [text.slice(0, at), text.slice(at + separator.length)];
}
