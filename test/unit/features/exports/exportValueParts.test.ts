import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PART_CHARS } from '../../../../src/features/exports/parts';
import { jsonValueParts } from '../../../../src/features/exports/valueParts';
import { AWKWARD_OBJECT, databaseRecords, fixtureText } from '../../support/exportFixtures';

// Heavy work (megabytes of text, hundreds of generated cases) on a machine that may be busy.
const SLOW = 30_000;

function serialise(value: unknown, indent = 0): string {
  return [...jsonValueParts(value, indent)].join('');
}

describe('jsonValueParts', () => {
  it.each([0, 2, 4])(
    'equals JSON.stringify(value, null, %i) for any JSON value',
    { timeout: SLOW },
    (indent) => {
      fc.assert(
        fc.property(fc.jsonValue({ stringUnit: 'binary' }), (value) => {
          expect(serialise(value, indent)).toBe(JSON.stringify(value, null, indent));
        }),
        { numRuns: 300 },
      );
    },
  );

  it('equals JSON.stringify for the real objects, compact and indented', { timeout: SLOW }, () => {
    const values = [
      JSON.parse(fixtureText('revit-floor.objects.json')),
      JSON.parse(fixtureText('blender-cube.objects.json')),
      databaseRecords().map(({ raw }) => JSON.parse(raw) as unknown),
    ];
    for (const value of values) {
      expect(serialise(value)).toBe(JSON.stringify(value));
      expect(serialise(value, 2)).toBe(JSON.stringify(value, null, 2));
    }
  });

  it('writes numbers as JavaScript does: -0 as 0, 1e308 as 1e+308, extra digits dropped', () => {
    const value: unknown = JSON.parse(AWKWARD_OBJECT);

    const text = serialise(value);

    expect(text).toBe(JSON.stringify(value));
    expect(text).toContain('"a.b":0,"c/d":1e+308,"/e":1,"big":1.2345678901234568e+29');
    expect(text).toContain('"ü":"éé😀😀"');
  });

  it('leaves out or nulls what JSON.stringify does, and refuses what it refuses', () => {
    const odd = {
      gone: undefined,
      fn: () => 1,
      list: [undefined, () => 1, Number.NaN, -Infinity, 1],
      nested: { deeper: [{ gone: undefined }] },
    };
    expect(serialise(odd, 2)).toBe(JSON.stringify(odd, null, 2));
    expect(() => serialise(undefined)).toThrow(TypeError);
    expect(() => serialise({ n: 1n })).toThrow(TypeError);
    expect(() => serialise([[1n]])).toThrow(TypeError);

    const cyclic: Record<string, unknown> = { id: 'a', children: [] };
    (cyclic.children as unknown[]).push({ parent: cyclic });
    expect(() => serialise(cyclic)).toThrow(TypeError);
    // The same object twice, side by side, is not a cycle.
    const shared = { x: [1] };
    expect(serialise([shared, shared])).toBe('[{"x":[1]},{"x":[1]}]');
  });

  it('streams a recomposed-size value in parts of about a megabyte', { timeout: SLOW }, () => {
    // A mesh whose joined vertices would make 40 MB of text.
    const vertices = Array.from({ length: 2_000_000 }, (_, index) => index / 7);
    const mesh = { id: 'mesh', vertices, faces: [3, 0, 1, 2], name: 'x'.repeat(3 * PART_CHARS) };

    const parts = [...jsonValueParts(mesh)];

    for (const part of parts) expect(part.length).toBeLessThanOrEqual(2 * PART_CHARS);
    expect(parts.join('')).toBe(JSON.stringify(mesh));
  });

  it('copes with nesting far deeper than the call stack', { timeout: SLOW }, () => {
    let value: unknown = [];
    for (let depth = 0; depth < 100_000; depth += 1) value = [value, { depth }];

    const text = serialise(value);

    expect(text.startsWith('[[[[')).toBe(true);
    expect(text.endsWith(',{"depth":99998}],{"depth":99999}]')).toBe(true);
  });

  it('grows linearly with the depth when indented: twice the depth, about twice the text', () => {
    const nested = (depth: number) => {
      let value: unknown = 1;
      for (let level = 0; level < depth; level += 1) value = { a: [value] };
      return value;
    };
    const size = (depth: number) => serialise(nested(depth), 2).length;
    expect(size(40_000) / size(20_000)).toBeLessThan(2.05);
  });
});
