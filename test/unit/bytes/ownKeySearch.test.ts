import { describe, expect, it } from 'vitest';
import { ownKeyEnd, ownKeyEndBack, ownKeySearch } from '../../../src/bytes/ownKeys';
import { readRealFixture } from '../support/realFixtures';

const encoder = new TextEncoder();
const KEYS = ['"speckle_type"', '"__closure"', '"id"', '"absent"'].map((key) =>
  encoder.encode(key),
);

/** The search gone on `budget` bytes at a time to its end, and how many times it stopped. */
function searchInSteps(text: Uint8Array, key: Uint8Array, budget: number) {
  let found = ownKeySearch(text) ?? -1;
  let stops = 0;
  while (typeof found !== 'number') {
    found = ownKeyEndBack(text, key, found, 0, budget);
    if (typeof found !== 'number') stops += 1;
  }
  return { found, stops };
}

describe('the search back for an own key, in steps', () => {
  it('ends where the whole search ends, whatever its steps, on every real object', () => {
    const lines = readRealFixture('brep-meshes.store.tsv').toString('utf8').trim().split('\n');
    const texts = [
      ...lines.map((line) => line.slice(line.indexOf('\t') + 1)),
      '{"a":{"__closure":{"x":1}},"b":"\\"__closure\\":","__closure":{"y":2},"c":[1,{"d":"}"}]}',
      '  {"speckle_type" : "Spaced", "n" : [ ] }  ',
      'not an object',
    ].map((text) => encoder.encode(text));
    for (const text of texts) {
      for (const key of KEYS) {
        const whole = ownKeyEnd(text, key);
        for (const budget of [1, 7, 100, 4096]) {
          expect(searchInSteps(text, key, budget).found).toBe(whole);
        }
      }
    }
  });

  it('stops about once per budget of bytes gone back, a string passed over whole', () => {
    const entries = Array.from(
      { length: 100 },
      (_, index) => `"${String(index).padStart(3, '0')}":1`,
    );
    const text = encoder.encode(`{"__closure":{${entries.join(',')}},"z":"${'x'.repeat(9_990)}"}`);
    const { found, stops } = searchInSteps(text, encoder.encode('"__closure"'), 10);
    expect(found).toBe(12);
    // 800 bytes of entries, 10 at a time; the long string is one step however long.
    expect(stops).toBeGreaterThan(40);
    expect(stops).toBeLessThan(100);
  });
});
