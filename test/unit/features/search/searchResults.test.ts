import { describe, expect, it } from 'vitest';
import {
  applyUpdate,
  NO_RESULTS,
  searchStatusText,
  type ObjectSearchResults,
} from '../../../../src/features/search/searchResults';
import type { ObjectMatch } from '../../../../src/speckle/search';
import type { SearchUpdate } from '../../../../src/features/search/worker/searchSession';

function object(id: string, shown: number, total: number): ObjectMatch {
  return {
    id,
    speckleType: 'Objects.BuiltElements.Wall',
    name: null,
    matches: Array.from({ length: shown }, (_, index) => ({
      path: ['p', index],
      field: 'value' as const,
      excerpt: 'wall',
    })),
    total,
  };
}

const started: ObjectSearchResults = { ...NO_RESULTS, queryId: 2, query: 'wall', state: 'waiting' };

function update(change: Partial<SearchUpdate>): SearchUpdate {
  return {
    type: 'update',
    queryId: 2,
    found: [],
    scanned: 0,
    available: 0,
    state: 'searching',
    ...change,
  };
}

describe('applyUpdate', () => {
  it('adds the objects found and the progress of the same query', () => {
    const first = applyUpdate(started, update({ found: [object('a', 1, 1)], scanned: 5 }));
    const second = applyUpdate(
      first,
      update({ found: [object('b', 1, 1)], scanned: 9, available: 9, state: 'caught-up' }),
    );
    expect(second.objects.map(({ id }) => id)).toEqual(['a', 'b']);
    expect(second).toMatchObject({ scanned: 9, available: 9, state: 'caught-up', query: 'wall' });
  });

  it('drops an update of an older query', () => {
    const stale = update({ queryId: 1, found: [object('a', 1, 1)], scanned: 5 });
    expect(applyUpdate(started, stale)).toBe(started);
  });
});

describe('searchStatusText', () => {
  const done = { received: 1000, loading: false, tooLarge: 0 };

  it('says nothing without a query', () => {
    expect(searchStatusText(NO_RESULTS, done)).toBe('');
  });

  it('counts while searching', () => {
    expect(searchStatusText(started, done)).toBe(
      'Searched 0 of 1,000 objects for "wall"; no object matches so far…',
    );
    const running = { ...started, state: 'searching' as const, scanned: 250, available: 600 };
    expect(searchStatusText({ ...running, objects: [object('a', 2, 2)] }, done)).toBe(
      'Searched 250 of 1,000 objects for "wall"; 1 object matches, 2 matches so far…',
    );
  });

  it('says where a cancelled search stopped, and what it found until then', () => {
    const cancelled = {
      ...started,
      state: 'cancelled' as const,
      scanned: 250,
      available: 600,
      objects: [object('a', 2, 2)],
    };
    expect(searchStatusText(cancelled, done)).toBe(
      'Cancelled: searched 250 of 1,000 objects for "wall"; 1 object matches, 2 matches.',
    );
  });

  it('says when every object was searched', () => {
    const finished = {
      ...started,
      state: 'caught-up' as const,
      scanned: 1000,
      available: 1000,
      objects: [object('a', 5, 12), object('b', 1, 1)],
    };
    expect(searchStatusText(finished, done)).toBe(
      'Searched all 1,000 objects for "wall": 2 objects match, showing 6 of 13 matches.',
    );
    expect(searchStatusText({ ...finished, objects: [] }, done)).toBe(
      'Searched all 1,000 objects for "wall": no object matches.',
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

  it('is honest about a search stopped at its limit', () => {
    const stopped = {
      ...started,
      state: 'stopped' as const,
      scanned: 340,
      available: 1000,
      objects: [object('a', 5, 7), object('b', 2, 2)],
    };
    expect(searchStatusText(stopped, done)).toBe(
      'Showing 7 of at least 9 matches for "wall", in the first 2 objects that match: the search ' +
        'stopped at object 340 of 1,000. A longer query narrows it down.',
    );
  });
});
