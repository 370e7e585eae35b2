import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  compareJsonbKeys,
  jsonbKeyOrder,
  serializeJsonb,
  withJsonbKeyOrder,
  type JsonObject,
} from '../../demo/jsonb.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/speckle-real/${name}`, import.meta.url), 'utf8');

describe('jsonb key order', () => {
  it('puts shorter keys first, then orders bytewise', () => {
    expect(jsonbKeyOrder(['speckle_type', 'id', 'b', 'a', 'units', 'Z', '@x', '_y'])).toEqual([
      'Z',
      'a',
      'b',
      '@x',
      '_y',
      'id',
      'units',
      'speckle_type',
    ]);
  });

  it('measures length in UTF-8 bytes and compares bytes, not UTF-16 units', () => {
    // 'é' is 2 bytes, so it sorts after any 1-byte key and beside 2-byte keys.
    expect(jsonbKeyOrder(['é', 'zz', 'a'])).toEqual(['a', 'zz', 'é']);
    // U+FF61 (3 bytes, EF BD A1) sorts before U+1F600 (4 bytes) by length; two 4-byte keys by bytes.
    expect(compareJsonbKeys('\uff61x', '\u{1f600}')).toBeLessThan(0);
    expect(compareJsonbKeys('\u{1f600}', '\uffffx')).toBeGreaterThan(0);
  });

  it('makes reordered copies that serialize the same', () => {
    const value = { units: 'm', id: 'x', a: [1, { z: 1, y: 2 }] };
    expect(Object.keys(withJsonbKeyOrder(value))).toEqual(['a', 'id', 'units']);
    expect(serializeJsonb(withJsonbKeyOrder(value), false)).toBe(serializeJsonb(value, false));
  });
});

describe('serializeJsonb', () => {
  const value: JsonObject = {
    units: 'm',
    id: 'abc',
    nested: { y: [1, 2.5, -3], x: null, 'a b': 'ü' },
    '@elements': [],
    flag: true,
    empty: {},
  };

  it('writes the compact form with keys in jsonb order at every depth', () => {
    expect(serializeJsonb(value, false)).toBe(
      '{"id":"abc","flag":true,"empty":{},"units":"m","nested":{"x":null,"y":[1,2.5,-3],"a b":"ü"},"@elements":[]}',
    );
  });

  it('writes the database text form with ", " and ": "', () => {
    expect(serializeJsonb(value, true)).toBe(
      '{"id": "abc", "flag": true, "empty": {}, "units": "m", "nested": {"x": null, "y": [1, 2.5, -3], "a b": "ü"}, "@elements": []}',
    );
  });

  it('prints numbers without exponent in the database form, as Postgres does', () => {
    const numbers = { a: [1e-7, -2.5e-8, 1e21, 1.5e22], b: 123.456 };
    expect(serializeJsonb(numbers, true)).toBe(
      '{"a": [0.0000001, -0.000000025, 1000000000000000000000, 15000000000000000000000], "b": 123.456}',
    );
    expect(serializeJsonb(numbers, false)).toBe('{"a":[1e-7,-2.5e-8,1e+21,1.5e+22],"b":123.456}');
  });

  it('keeps strings that look like separators or numbers intact', () => {
    const tricky = { s: 'a,\n"b": 1e-5, [x]', t: ['x, y', ' 2e-3'] };
    expect(serializeJsonb(tricky, true)).toBe(
      '{"s": "a,\\n\\"b\\": 1e-5, [x]", "t": ["x, y", " 2e-3"]}',
    );
    expect(serializeJsonb(tricky, false)).toBe(JSON.stringify(tricky));
  });

  it('orders integer-like keys by length like jsonb, not first like JavaScript', () => {
    expect(serializeJsonb({ id: 1, 100: 2, 9: 3 }, false)).toBe('{"9":3,"id":1,"100":2}');
  });

  it('reproduces the real Blender response byte for byte', () => {
    const text = fixture('blender-cube.objects.json');
    const [root, ...children] = JSON.parse(text) as JsonObject[];
    const rebuilt = `[${[serializeJsonb(root as JsonObject, false), ...children.map((c) => serializeJsonb(c, true))].join(',')}]`;
    expect(rebuilt).toBe(text);
  });

  it('reproduces the real /single answer (after its byte order mark)', () => {
    const text = fixture('revit-model-root.single.json').replace(/^\uFEFF/, '');
    expect(`${serializeJsonb(JSON.parse(text) as JsonObject, false)}\n`).toBe(text);
  });

  it('reproduces every database text line of the real Brep dump', () => {
    const lines = fixture('brep-meshes.store.tsv').split('\n').filter(Boolean);
    expect(lines).toHaveLength(103);
    for (const line of lines) {
      const json = line.slice(line.indexOf('\t') + 1);
      expect(serializeJsonb(JSON.parse(json) as JsonObject, true)).toBe(json);
    }
  });
});
