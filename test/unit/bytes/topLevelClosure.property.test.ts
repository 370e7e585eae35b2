import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTopLevelClosure } from '../../../src/bytes/topLevelFields';

const encoder = new TextEncoder();

// Hex ids as Speckle writes them, and now and then one that needs escaping or is not ASCII.
const idArb = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[0-9a-f]{1,32}$/) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom('', 'a"b', 'back\\slash', 'é', '😀', '\u0000') },
);

describe('readTopLevelClosure (properties)', () => {
  it('looks ids up, counts and lists them as a Map of the parsed closure would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(idArb, fc.nat(50)), { maxLength: 3000 }),
        fc.array(idArb, { maxLength: 50 }),
        (entries, probes) => {
          const text = `{"id":"root","__closure":{${entries
            .map(([id, depth]) => `${JSON.stringify(id)}:${depth}`)
            .join(',')}}}`;
          const expected = new Map(
            Object.entries((JSON.parse(text) as { __closure: Record<string, number> }).__closure),
          );
          const closure = readTopLevelClosure(encoder.encode(text));

          expect(closure.size).toBe(expected.size);
          expect(new Set(closure.keys())).toEqual(new Set(expected.keys()));
          for (const id of [...expected.keys(), ...probes]) {
            expect(closure.get(id)).toBe(expected.get(id));
            expect(closure.has(id)).toBe(expected.has(id));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the order of the text, escaped ids in their place, and the last depth of a repeat', () => {
    const text = '{"__closure":{"b":1,"\\u0061":2,"c":3,"b":4,"é":5}}';
    expect([...readTopLevelClosure(encoder.encode(text))]).toEqual([
      ['b', 4],
      ['a', 2],
      ['c', 3],
      ['é', 5],
    ]);
  });

  // A 100,000-id closure takes seconds on a busy two-core machine: a longer timeout than 5 s.
  it('reads 100,000 ids and finds each of them', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) =>
      (i * 2654435761).toString(16).padStart(32, '0'),
    );
    const text = JSON.stringify({ __closure: Object.fromEntries(ids.map((id, i) => [id, i % 7])) });
    const closure = readTopLevelClosure(encoder.encode(text));

    expect(closure.size).toBe(100_000);
    expect(ids.every((id, i) => closure.get(id) === i % 7)).toBe(true);
    expect(closure.get('f'.repeat(32))).toBeUndefined();
  }, 20_000);
});
