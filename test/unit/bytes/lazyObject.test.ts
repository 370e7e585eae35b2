import fc from 'fast-check';
import { parseDeferringLarge } from '../support/parseDeferring';
import { describe, expect, it } from 'vitest';
import {
  DeferredJson,
  ownKeysOf,
  parseDeferringLargeSteps,
  settled,
  topLevelItems,
  topLevelMembers,
} from '../../../src/bytes/lazyObject';
import { generatedFixture, revitModelRoot } from '../support/speckleFixtures';

const ALWAYS = { scanFrom: 0, deferFrom: 0 };

/** The object with every deferred field parsed, for comparison with JSON.parse. */
function settleFields(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, field]) => [key, settled(field)]),
  );
}

describe('parseDeferringLarge', () => {
  it('parses an object of many fields in steps, keeping its keys in order', () => {
    const fields = Array.from({ length: 5_500 }, (_, n) => `"field ${n}":${n}`);
    const steps = parseDeferringLargeSteps(`{${fields.join(',')},"field 7":"again"}`, ALWAYS);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields += 1;
    const parsed = step.value as Record<string, unknown>;

    // A step per thousand members: none of them long.
    expect(yields).toBe(5);
    expect(ownKeysOf(parsed)).toEqual(Object.keys(parsed));
    expect(ownKeysOf(parsed)).toHaveLength(5_500);
    expect(parsed['field 7']).toBe('again');
    expect(parsed['field 5499']).toBe(5_499);
  });

  // A 100,000-id closure takes seconds on a busy two-core machine: a longer timeout than 5 s.
  it('keeps a root closure of 100,000 ids as text and parses the rest', () => {
    const closure = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [i.toString(16).padStart(32, '0'), 1 + (i % 7)]),
    );
    const raw = JSON.stringify({ id: 'r'.repeat(32), name: 'Model', __closure: closure, n: 0 });
    expect(raw.endsWith('"n":0}')).toBe(true);
    const withNegativeZero = `${raw.slice(0, -2)}-0}`;
    const parsed = parseDeferringLarge(withNegativeZero) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['id', 'name', '__closure', 'n']);
    expect(parsed.name).toBe('Model');
    expect(Object.is(parsed.n, -0)).toBe(true);
    const deferred = parsed.__closure as DeferredJson;
    expect(deferred).toBeInstanceOf(DeferredJson);
    expect(deferred.isParsed).toBe(false);
    expect(deferred.value).toEqual(closure);
    expect(deferred.isParsed).toBe(true);
    // Written out again, it is what JSON.parse would have given.
    expect(JSON.stringify(parsed)).toBe(raw);
  }, 20_000);

  it('passes over a root closure to read the members around it, as JSON.parse reads them', () => {
    const raw = JSON.stringify({
      id: 'r',
      elements: [{ __closure: { inner: 1 } }],
      __closure: { 'a"': 1, 'b\\': 2, c: 3 },
      name: 'Model',
      speckle_type: 'Base',
    });
    const parsed = parseDeferringLarge(raw, ALWAYS) as Record<string, unknown>;
    expect(parsed.__closure).toBeInstanceOf(DeferredJson);
    expect(settleFields(parsed)).toEqual(JSON.parse(raw));
  });

  it('finds where containers end past long runs of numbers as well as among dense brackets', () => {
    const numbers = Array.from({ length: 500 }, (_, i) => i * 0.125);
    const object = {
      mesh: [...numbers, [1, 2], { inner: '] } [ {' }, ...numbers],
      nested: [numbers, { deeper: [[numbers], []] }, '"quoted"'],
      refs: Array.from({ length: 50 }, (_, i) => ({ referencedId: `r${i}`, speckle_type: 'x' })),
      after: true,
    };
    const raw = JSON.stringify(object, null, 1);
    const members = topLevelMembers(raw)!;
    expect(members.map(({ start, end }) => JSON.parse(raw.slice(start, end)) as unknown)).toEqual(
      Object.values(object),
    );
    expect(settleFields(parseDeferringLarge(raw, ALWAYS))).toEqual(object);
  });

  it('reads a deferred field through reread when opened, holding no part of the text', () => {
    const raw = JSON.stringify({ id: 'x', data: [1, 2, 3], meta: { é: 'ü' } });
    const rereads: string[] = [];
    const reread = () => {
      const again = `${raw}`;
      rereads.push(again);
      return again;
    };
    const parsed = parseDeferringLarge(raw, { ...ALWAYS, reread }) as Record<string, unknown>;
    const meta = parsed.meta as DeferredJson;

    expect(rereads).toHaveLength(0);
    expect(meta).toMatchObject({
      opening: '{',
      bytes: new TextEncoder().encode('{"é":"ü"}').length,
    });
    expect(meta.value).toEqual({ é: 'ü' });
    expect(settled(parsed.data)).toEqual([1, 2, 3]);
    expect(rereads).toHaveLength(2);
  });

  it('parses small objects whole and big fields of real data the same as JSON.parse', () => {
    const root = revitModelRoot();
    expect(settleFields(parseDeferringLarge(root.raw, { scanFrom: 0, deferFrom: 1024 }))).toEqual(
      root.parsed,
    );
    for (const object of generatedFixture(100).slice(0, 20)) {
      expect(parseDeferringLarge(object.raw)).toEqual(object.parsed);
      expect(settleFields(parseDeferringLarge(object.raw, ALWAYS))).toEqual(object.parsed);
    }
  });

  it('reads escaped quotes, backslashes, unicode and spacing in keys and values', () => {
    const raw =
      '{ "a\\"b" : "x\\\\", "c\\\\": [ "]", "\\"}" ] ,\n\t"é\\u00e9": {"k": "{"}, "__proto__": 1, "t": true }';
    const parsed = parseDeferringLarge(raw, ALWAYS) as Record<string, unknown>;
    expect(settleFields(parsed)).toEqual(JSON.parse(raw));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toContain('__proto__');
  });

  it('fails on text that is not JSON as JSON.parse does, and parses other values whole', () => {
    for (const bad of ['{"a":1', '{"a" 1}', '{"a":1,}', '{"a":1}x', '{"a":[1}', '{a:1}']) {
      expect(() => parseDeferringLarge(bad, ALWAYS), bad).toThrow(SyntaxError);
    }
    expect(parseDeferringLarge('[1,2]', ALWAYS)).toEqual([1, 2]);
    expect(parseDeferringLarge(' {} ', ALWAYS)).toEqual({});
  });

  it('agrees with JSON.parse on any object, compact or pretty-printed', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.constantFrom(undefined, 2, '\t'),
        (object, indent) => {
          const raw = JSON.stringify(object, null, indent);
          const parsed = parseDeferringLarge(raw, { scanFrom: 0, deferFrom: 8 });
          expect(settleFields(parsed)).toEqual(JSON.parse(raw));
          expect(topLevelMembers(raw)).toHaveLength(Object.keys(JSON.parse(raw)).length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('topLevelItems and topLevelMembers', () => {
  it('find the elements of any array as JSON.parse reads them, compact or pretty-printed', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), fc.constantFrom(undefined, 2), (array, indent) => {
        const raw = JSON.stringify(array, null, indent);
        const items = topLevelItems(raw)!;
        expect(items.map(({ start, end }) => JSON.parse(raw.slice(start, end)) as unknown)).toEqual(
          JSON.parse(raw),
        );
      }),
      { numRuns: 300 },
    );
    for (const bad of ['[1,', '[1 2]', '[1,]', '[1]x', '{"a":1}']) {
      expect(topLevelItems(bad), bad).toBeNull();
    }
  });

  it('pass over a flat closure to its brace, and read any other value of that name', () => {
    const flat = '{"id":"r","__closure":{"a1": 1, "b2": not read},"name":"x"}';
    const members = topLevelMembers(flat, '"__closure"')!;
    expect(members.map(({ start, end }) => flat.slice(start, end))).toEqual([
      '"r"',
      '{"a1": 1, "b2": not read}',
      '"x"',
    ]);
    const nested = '{"__closure":{"a":{"b":1}},"name":"x"}';
    expect(topLevelMembers(nested, '"__closure"')).toEqual(topLevelMembers(nested));
  });
});
