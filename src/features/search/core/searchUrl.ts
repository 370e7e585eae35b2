/**
 * The search across objects in the address, so that a link reproduces it: `?search=` the query,
 * `case=1`, `word=1`, `regex=1` for the options and `in=keys` or `in=values` for where free text is
 * looked for. Other parameters (`server`, `object`) are left as they are.
 */
import {
  DEFAULT_MATCH_OPTIONS,
  type MatchOptions,
  type MatchScope,
} from '../../../speckle/searchQuery';

export interface SearchInput {
  query: string;
  options: MatchOptions;
}

const FLAGS = { matchCase: 'case', wholeWord: 'word', regex: 'regex' } as const;
const SCOPES: readonly MatchScope[] = ['keys', 'values'];

export function readSearchInput(search: string): SearchInput {
  const params = new URLSearchParams(search);
  const scope = params.get('in');
  return {
    query: params.get('search') ?? '',
    options: {
      matchCase: params.get(FLAGS.matchCase) === '1',
      wholeWord: params.get(FLAGS.wholeWord) === '1',
      regex: params.get(FLAGS.regex) === '1',
      scope: SCOPES.find((known) => known === scope) ?? DEFAULT_MATCH_OPTIONS.scope,
    },
  };
}

/** `search` with the input written in, and nothing of it when the query is empty. */
export function writeSearchInput(search: string, { query, options }: SearchInput): string {
  const params = new URLSearchParams(search);
  for (const name of ['search', 'in', ...Object.values(FLAGS)]) params.delete(name);
  if (query !== '') {
    params.set('search', query);
    for (const [option, name] of Object.entries(FLAGS)) {
      if (options[option as keyof typeof FLAGS]) params.set(name, '1');
    }
    if (options.scope !== 'both') params.set('in', options.scope);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function sameInput(a: SearchInput, b: SearchInput): boolean {
  return (
    a.query === b.query &&
    a.options.matchCase === b.options.matchCase &&
    a.options.wholeWord === b.options.wholeWord &&
    a.options.regex === b.options.regex &&
    a.options.scope === b.options.scope
  );
}
