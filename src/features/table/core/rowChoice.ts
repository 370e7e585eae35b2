/**
 * Which objects have a row: all, those of one `speckle_type`, those the search across objects
 * finds for a query and options (compiled as the search compiles it, so that the table has a row
 * for each object the search counts), or those a finding of the model doctor names.
 *
 * A choice first looks at the object's id and JSON text, so that the objects it turns down need
 * not be parsed; `takes` then decides on the parsed object.
 */
import { compileSearch } from '../../../speckle/searchMatch';
import { parseSearchQuery, queryErrorText } from '../../../speckle/searchQuery';
import type { RowSource } from './tableSpec';

export interface RowChoice {
  /** False when the object surely has no row: it need not be parsed. */
  mayTake(id: string, json: string): boolean;
  /** Decides on the object, given its own members `keys` at least (all of it when null). */
  takes(value: unknown): boolean;
  keys: readonly string[] | null;
}

export type ChosenRows = { ok: true; choice: RowChoice } | { ok: false; message: string };

export function rowChoice(source: RowSource, findingIds: readonly string[] | null): ChosenRows {
  switch (source.kind) {
    case 'all':
      return { ok: true, choice: { mayTake: () => true, takes: () => true, keys: [] } };
    case 'type': {
      const written = JSON.stringify(source.speckleType).slice(1, -1);
      const choice: RowChoice = {
        mayTake: (_, json) => json.includes(written),
        takes: (value) =>
          (value as { speckle_type?: unknown } | null)?.speckle_type === source.speckleType,
        keys: ['speckle_type'],
      };
      return { ok: true, choice };
    }
    case 'finding': {
      if (findingIds === null) {
        return { ok: false, message: 'The model check has not named this finding’s objects.' };
      }
      const ids = new Set(findingIds);
      const choice: RowChoice = { mayTake: (id) => ids.has(id), takes: () => true, keys: [] };
      return { ok: true, choice };
    }
    case 'search': {
      const parsed = parseSearchQuery(source.query);
      if (!parsed.ok) return { ok: false, message: queryErrorText(parsed.error) };
      const compiled = compileSearch(parsed.query, source.options);
      if (compiled === null) return { ok: false, message: 'The search has no query.' };
      if (!compiled.ok) return { ok: false, message: queryErrorText(compiled.error) };
      const { search } = compiled;
      const choice: RowChoice = {
        mayTake: (_, json) => search.mayMatch(json),
        takes: (value) => search.count(value) > 0,
        keys: null,
      };
      return { ok: true, choice };
    }
  }
}
