import { describe, expect, it } from 'vitest';
import {
  readSearchInput,
  sameInput,
  writeSearchInput,
} from '../../../../../src/features/search/core/searchUrl';
import { DEFAULT_MATCH_OPTIONS } from '../../../../../src/speckle/searchQuery';

describe('the search in the address', () => {
  it('writes the query and the options that differ, keeping other parameters', () => {
    const input = {
      query: 'speckle_type:Wall name:"Level 2"',
      options: { matchCase: true, wholeWord: false, regex: true, scope: 'values' as const },
    };
    const search = writeSearchInput('?server=https%3A%2F%2Fa.example&object=abc', input);
    expect(search).toBe(
      '?server=https%3A%2F%2Fa.example&object=abc&search=speckle_type%3AWall+name%3A%22Level+2%22&case=1&regex=1&in=values',
    );
    expect(sameInput(readSearchInput(search), input)).toBe(true);
  });

  it('writes nothing for an empty query, and reads defaults from nothing', () => {
    expect(
      writeSearchInput('?search=x&case=1&object=a', { query: '', options: DEFAULT_MATCH_OPTIONS }),
    ).toBe('?object=a');
    expect(writeSearchInput('', { query: '', options: DEFAULT_MATCH_OPTIONS })).toBe('');
    expect(readSearchInput('?in=elsewhere&case=yes')).toEqual({
      query: '',
      options: DEFAULT_MATCH_OPTIONS,
    });
  });
});
