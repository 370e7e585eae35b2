import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonValueSpan } from '../../../../src/features/exports/jsonPath';
import type { PathSegment } from '../../../../src/speckle/paths';
import { AWKWARD_OBJECT, fixtureText } from '../../support/exportFixtures';

// Heavy work (megabytes of text, hundreds of generated cases) on a machine that may be busy.
const SLOW = 30_000;

function textAt(text: string, path: PathSegment[]): string | null {
  const span = jsonValueSpan(text, path);
  return span && text.slice(span.start, span.end);
}

/** Follows `choices` down into the value: an index into each container's entries. */
function walk(value: unknown, choices: number[]): { path: PathSegment[]; found: unknown } {
  const path: PathSegment[] = [];
  let found = value;
  for (const choice of choices) {
    if (found === null || typeof found !== 'object') break;
    const keys = Array.isArray(found) ? found.map((_, index) => index) : Object.keys(found);
    if (keys.length === 0) break;
    const key = keys[choice % keys.length]!;
    path.push(key);
    found = (found as Record<PathSegment, unknown>)[key];
  }
  return { path, found };
}

describe('jsonValueSpan', () => {
  it(
    'finds the text of the value at any path, in compact and indented text',
    { timeout: SLOW },
    () => {
      fc.assert(
        fc.property(fc.jsonValue(), fc.array(fc.nat(), { maxLength: 6 }), (value, choices) => {
          const { path, found } = walk(value, choices);
          for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2)]) {
            const at = textAt(text, path);
            expect(at).not.toBeNull();
            expect(at).toBe(at!.trim());
            // Through JSON.stringify too, which writes -0 as 0.
            expect(JSON.parse(at!)).toEqual(JSON.parse(JSON.stringify(found)));
          }
        }),
        { numRuns: 500 },
      );
    },
  );

  it('returns the exact characters of the value, names with dots and slashes included', () => {
    expect(textAt(AWKWARD_OBJECT, ['a.b'])).toBe('-0');
    expect(textAt(AWKWARD_OBJECT, ['/e'])).toBe('1.0000000000000001');
    expect(textAt(AWKWARD_OBJECT, ['@x.y/z', 'esc'])).toBe('"line\\nbreak\\t\\"q\\" \\\\ \\/"');
    expect(textAt(AWKWARD_OBJECT, [])).toBe(AWKWARD_OBJECT);
  });

  it('reaches into a real object through names with spaces and brackets', () => {
    const text = fixtureText('blender-cube.objects.json');

    expect(textAt(text, [0, 'Alex Test Steam [ main @ 328bd99997 ]', 'referencedId'])).toBe(
      '"7b7d7d6668f9d548d23ae5ea6d49446a"',
    );
  });

  it('is null where there is no such value', () => {
    expect(textAt('[1,2]', ['0'])).toBeNull();
    expect(textAt('{"0":1}', [0])).toBeNull();
    expect(textAt('[1,2]', [2])).toBeNull();
    expect(textAt('{"a":1}', ['a', 'b'])).toBeNull();
    expect(textAt('{"a":{"b":1}}', ['b'])).toBeNull();
  });
});
