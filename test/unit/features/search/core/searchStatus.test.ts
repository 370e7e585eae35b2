import { describe, expect, it } from 'vitest';
import {
  searchStatusText,
  type SearchFigures,
} from '../../../../../src/features/search/core/searchStatus';
import { DEFAULT_MATCH_OPTIONS } from '../../../../../src/speckle/searchQuery';

const started: SearchFigures = {
  query: 'wall',
  options: DEFAULT_MATCH_OPTIONS,
  state: 'waiting',
  stalled: false,
  scanned: 0,
  available: 0,
  objects: 0,
  matches: 0,
};

describe('searchStatusText', () => {
  const done = { received: 1000, loading: false, tooLarge: 0 };

  it('says nothing without a query', () => {
    expect(searchStatusText({ ...started, query: '' }, done)).toBe('');
  });

  it('counts every match while searching', () => {
    expect(searchStatusText(started, done)).toBe(
      'Searched 0 of 1,000 objects for "wall"; no object matches so far…',
    );
    const running = { ...started, state: 'searching' as const, scanned: 250, available: 600 };
    expect(searchStatusText({ ...running, objects: 1, matches: 2 }, done)).toBe(
      'Searched 250 of 1,000 objects for "wall"; 2 matches in 1 object so far…',
    );
  });

  it('names the options the query is matched with', () => {
    const options = { matchCase: true, wholeWord: true, regex: true, scope: 'keys' } as const;
    expect(searchStatusText({ ...started, options }, done)).toBe(
      'Searched 0 of 1,000 objects for "wall" (match case, whole words, regular expression, ' +
        'property names only); no object matches so far…',
    );
  });

  it('says where a cancelled search stopped, and what it found until then', () => {
    const cancelled = {
      ...started,
      state: 'cancelled' as const,
      scanned: 250,
      available: 600,
      objects: 1,
      matches: 1,
    };
    expect(searchStatusText(cancelled, done)).toBe(
      'Cancelled: searched 250 of 1,000 objects for "wall"; 1 match in 1 object.',
    );
  });

  it('says when every object was searched, with the total of matches', () => {
    const finished = {
      ...started,
      state: 'caught-up' as const,
      scanned: 1000,
      available: 1000,
      objects: 2,
      matches: 13,
    };
    expect(searchStatusText(finished, done)).toBe(
      'Searched all 1,000 objects for "wall": 13 matches in 2 objects.',
    );
    expect(searchStatusText({ ...finished, objects: 0, matches: 0 }, done)).toBe(
      'Searched all 1,000 objects for "wall": no object matches.',
    );
  });

  it('says a regular expression ran too long, where, and what it found until then', () => {
    const stopped = {
      ...started,
      options: { ...DEFAULT_MATCH_OPTIONS, regex: true },
      state: 'too-long' as const,
      scanned: 341,
      available: 1000,
      objects: 2,
      matches: 3,
    };
    expect(searchStatusText(stopped, done)).toBe(
      'Stopped: the regular expression ran too long (object 341 took it over the time allowed). ' +
        'Searched 341 of 1,000 objects for "wall" (regular expression); 3 matches in 2 objects ' +
        'until then. A simpler pattern, or one anchored to a word, runs faster.',
    );
    expect(searchStatusText({ ...stopped, stalled: true }, done)).toMatch(
      /^Stopped: the regular expression ran too long \(one object took it over the time allowed\)/,
    );
  });

  it('says that objects still loading will be searched', () => {
    const caughtUp = { ...started, state: 'caught-up' as const, scanned: 400, available: 400 };
    expect(searchStatusText(caughtUp, { received: 400, loading: true, tooLarge: 0 })).toBe(
      'Searched the 400 objects received so far for "wall"; no object matches. The model is ' +
        'still loading: objects that arrive are searched too.',
    );
    // The page holds more than the search was given yet: it is not done.
    expect(searchStatusText(caughtUp, { received: 900, loading: false, tooLarge: 0 })).toMatch(
      /^Searched 400 of 900 objects/,
    );
  });

  it('says how many objects it leaves out for being too large to read as text', () => {
    const finished = { ...started, state: 'caught-up' as const, scanned: 1000, available: 1000 };
    expect(searchStatusText(finished, { ...done, tooLarge: 1 })).toBe(
      'Searched all 1,000 objects for "wall": no object matches. Of these, 1 object over 64 MB ' +
        'is left out: its text is not read.',
    );
    expect(searchStatusText(started, { ...done, tooLarge: 2 })).toMatch(
      / so far… Of these, 2 objects over 64 MB are left out: their text is not read\.$/,
    );
  });

  it('searches the objects whose text the storage kept, and says it left the others out', () => {
    // The load ended with 1,000 objects, of which the storage kept the text of the first 600.
    const finished = { ...started, state: 'caught-up' as const, scanned: 600, available: 600 };
    expect(searchStatusText(finished, { ...done, unkept: 400 })).toBe(
      'Searched all 600 objects for "wall": no object matches. The last 400 objects received ' +
        'are left out: the browser’s storage did not keep their text.',
    );
  });
});
