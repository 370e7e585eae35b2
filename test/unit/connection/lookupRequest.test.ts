import { describe, expect, it } from 'vitest';
import {
  LOOKUP_REQUEST,
  lookupRequestOf,
  withoutLookupRequest,
} from '../../../src/connection/useLookupServer';

describe('a lookup request in a history entry', () => {
  it('is the entry of a move that carries the mark, named by its key', () => {
    expect(lookupRequestOf({ state: LOOKUP_REQUEST, key: 'k1' })).toBe('k1');
    expect(lookupRequestOf({ state: { trail: [] }, key: 'k1' })).toBeNull();
    expect(lookupRequestOf({ state: null, key: 'k1' })).toBeNull();
  });

  it('is no longer one once the address is rewritten in place without the mark', () => {
    const state = { ...LOOKUP_REQUEST, trail: ['a'] };
    const rewritten = withoutLookupRequest(state);

    // A rewrite gets a new key: with the mark kept it would read as a new request.
    expect(lookupRequestOf({ state: rewritten, key: 'k2' })).toBeNull();
    expect(rewritten).toEqual({ trail: ['a'] });
    expect(state).toEqual({ lookup: true, trail: ['a'] });
    expect(withoutLookupRequest(null)).toBeNull();
    expect(withoutLookupRequest('x')).toBe('x');
  });
});
