import { describe, expect, it } from 'vitest';
import * as topLevelFields from '../../../src/bytes/topLevelFields';
import { readRealFixture } from '../support/realFixtures';

// The readers take the object's text as the UTF-8 bytes it arrived as.
const encoder = new TextEncoder();
const readTopLevelType = (raw: string) => topLevelFields.readTopLevelType(encoder.encode(raw));
const countTopLevelClosure = (raw: string) =>
  topLevelFields.countTopLevelClosure(encoder.encode(raw));
const readTopLevelClosure = (raw: string) =>
  topLevelFields.readTopLevelClosure(encoder.encode(raw));
const readTopLevelClosureSteps = (raw: string) =>
  topLevelFields.readTopLevelClosureSteps(encoder.encode(raw));

function parsedType(raw: string): string {
  return (JSON.parse(raw) as { speckle_type?: string }).speckle_type ?? '';
}

describe('readTopLevelType', () => {
  it('agrees with JSON.parse on every object of the real database dump', () => {
    const lines = readRealFixture('brep-meshes.store.tsv').toString('utf8').trim().split('\n');
    for (const line of lines) {
      const raw = line.slice(line.indexOf('\t') + 1);
      expect(readTopLevelType(raw)).toBe(parsedType(raw));
    }
  });

  it('agrees with JSON.parse on the real Revit objects, compact and pretty-printed', () => {
    const objects = JSON.parse(
      readRealFixture('revit-floor.objects.json').toString('utf8'),
    ) as object[];
    for (const object of objects) {
      for (const raw of [JSON.stringify(object), JSON.stringify(object, null, 2)]) {
        expect(readTopLevelType(raw)).toBe(parsedType(raw));
      }
    }
  });

  it.each([
    [
      'a nested type after the own one',
      '{"speckle_type":"Own","zzzzzzzzzzzzzz":{"speckle_type":"Nested"}}',
      'Own',
    ],
    [
      'a nested type before the own one',
      '{"a":{"speckle_type":"Nested"},"speckle_type":"Own"}',
      'Own',
    ],
    [
      'the key inside a string value',
      '{"speckle_type":"Own","note":"\\"speckle_type\\": \\"Fake\\""}',
      'Own',
    ],
    ['a string ending in the key name', '{"speckle_type":"Own","x\\"speckle_type":{"a":1}}', 'Own'],
    [
      'a later string ending in an escaped backslash',
      '{"speckle_type":"Own","zzzzzzzzzzzzzz":{"b":"x\\\\","c":"}"}}',
      'Own',
    ],
    ['only a nested type', '{"a":{"speckle_type":"Nested"}}', ''],
    ['no type at all', '{"id":"x"}', ''],
    ['an escaped value', '{"speckle_type":"A\\u0042"}', 'AB'],
    ['not JSON', 'speckle_type', ''],
  ])('handles %s', (_case, raw, type) => {
    expect(readTopLevelType(raw)).toBe(type);
  });
});

describe('countTopLevelClosure', () => {
  it('agrees with JSON.parse on every real object, compact and in the database form', () => {
    const tsv = readRealFixture('brep-meshes.store.tsv').toString('utf8').trim().split('\n');
    const raws = [
      ...tsv.map((line) => line.slice(line.indexOf('\t') + 1)),
      readRealFixture('revit-model-root.single.json')
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
      ...(
        JSON.parse(readRealFixture('blender-cube.objects.json').toString('utf8')) as object[]
      ).map((object) => JSON.stringify(object)),
    ];
    for (const raw of raws) {
      const closure = (JSON.parse(raw) as { __closure?: object }).__closure;
      expect(countTopLevelClosure(raw)).toBe(closure ? Object.keys(closure).length : 0);
    }
    expect(countTopLevelClosure(raws[103]!)).toBe(8873);
  });

  it('ignores the closure of a nested reference', () => {
    const raw =
      '{"@elements":[{"__closure":{"a":1,"b":2},"referencedId":"r"}],"__closure":{"r":1,"a":2,"b":2,"c":3}}';
    expect(countTopLevelClosure(raw)).toBe(4);
    expect(countTopLevelClosure('{"@elements":[{"__closure":{"a":1}}]}')).toBe(0);
    expect(countTopLevelClosure('{"__closure":{}}')).toBe(0);
  });
});

describe('readTopLevelClosure', () => {
  function parsedClosure(raw: string): Map<string, number> {
    const closure = (JSON.parse(raw) as { __closure?: Record<string, number> }).__closure ?? {};
    return new Map(Object.entries(closure));
  }

  it('agrees with JSON.parse on every real object, compact, spaced and pretty-printed', () => {
    const tsv = readRealFixture('brep-meshes.store.tsv').toString('utf8').trim().split('\n');
    const revitRoot = readRealFixture('revit-model-root.single.json')
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const raws = [...tsv.map((line) => line.slice(line.indexOf('\t') + 1)), revitRoot];
    for (const raw of raws) {
      const expected = parsedClosure(raw);
      expect(readTopLevelClosure(raw)).toEqual(expected);
      expect(readTopLevelClosure(JSON.stringify(JSON.parse(raw), null, 2))).toEqual(expected);
    }
    expect(readTopLevelClosure(revitRoot).size).toBe(8873);
  });

  it('reads the own closure, not a nested one, and keeps odd depths and escaped ids', () => {
    const raw =
      '{"@elements":[{"__closure":{"a":1},"referencedId":"r"}],' +
      '"__closure":{"r":1,"a":2,"b\\u0041":3,"c":"4}","d":null,"e":-0,"f":1e1}}';
    expect([...readTopLevelClosure(raw)]).toEqual([
      ['r', 1],
      ['a', 2],
      ['bA', 3],
      ['c', Infinity],
      ['d', Infinity],
      ['e', -0],
      ['f', 10],
    ]);
    expect(readTopLevelClosure('{"@elements":[{"__closure":{"a":1}}]}').size).toBe(0);
    expect(readTopLevelClosure('{"__closure":{}}').size).toBe(0);
    expect(readTopLevelClosure('not json').size).toBe(0);
  });

  it('yields every thousand ids', () => {
    const ids = Array.from({ length: 2500 }, (_, i) => i.toString(16).padStart(32, '0'));
    const raw = JSON.stringify({
      id: 'root',
      __closure: Object.fromEntries(ids.map((id) => [id, 1])),
    });
    const steps = readTopLevelClosureSteps(raw);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields += 1;
    expect(yields).toBe(2);
    expect([...step.value.keys()]).toEqual(ids);
  });
});

describe('readTopLevelClosureSteps on a big object', () => {
  /** The steps' result and how many times they yielded. */
  function stepped<Result>(steps: Generator<void, Result, void>): {
    value: Result;
    yields: number;
  } {
    let yields = 0;
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return { value: step.value, yields };
      yields += 1;
    }
  }
  const big = (inside: string) => {
    const filler = `"filler":"${'x'.repeat(12_000_000)}"`;
    return new TextEncoder().encode(`{${filler},${inside}}`);
  };

  it('looks through an object without a closure a few megabytes a step', () => {
    const { value, yields } = stepped(topLevelFields.readTopLevelClosureSteps(big('"n":1')));

    expect(value.size).toBe(0);
    expect(yields).toBe(4);
  });

  it('passes over a closure written before the last keys a few megabytes a step', () => {
    // 998 ids of 10 kB: no step of the entries' own (one per thousand), 10 MB to pass over back.
    const ids = Array.from({ length: 998 }, (_, index) => String(index).padStart(10_000, '0'));
    const closure = ids.map((id) => `"${id}":1`).join(',');
    const text = new TextEncoder().encode(
      `{"id":"root","__closure":{${closure}},"speckle_type":"Base"}`,
    );
    const { value, yields } = stepped(topLevelFields.readTopLevelClosureSteps(text));

    expect(value.size).toBe(998);
    expect(value.get(ids[997]!)).toBe(1);
    expect(yields).toBe(2);
  });

  it('finds a closure that starts across the border of two steps', () => {
    const start = 4_000_000 - 3;
    const text = new TextEncoder().encode(
      `{"a":"${'x'.repeat(start - 8)}","__closure":{"${'c'.repeat(32)}":1}}`,
    );
    expect(text.indexOf(0x5f)).toBe(start + 1);

    const { value } = stepped(topLevelFields.readTopLevelClosureSteps(text));
    expect([...value]).toEqual([['c'.repeat(32), 1]]);
  });
});

describe('concatBytesSteps', () => {
  it('joins pieces a few megabytes a step, byte for byte', async () => {
    const { concatBytesSteps } = await import('../../../src/bytes/lines');
    const pieces = [5_000_000, 7_000_000, 3].map((size, n) => new Uint8Array(size).fill(n + 1));
    const steps = concatBytesSteps(pieces);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields += 1;

    expect(yields).toBe(1);
    expect(step.value).toHaveLength(12_000_003);
    expect([step.value[4_999_999], step.value[5_000_000], step.value[12_000_002]]).toEqual([
      1, 2, 3,
    ]);
  });
});
