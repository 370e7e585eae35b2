import fc from 'fast-check';
import { parseDeferringLarge } from '../support/parseDeferring';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_DEPTH,
  recompose,
  recomposeSteps,
  recomposeValue,
} from '../../../src/speckle/recompose';
import {
  isDataChunk,
  joinChunks,
  readMarker,
  resolveValue,
  type Lookup,
} from '../../../src/speckle/resolve';
import { DeferredJson } from '../../../src/bytes/lazyObject';
import { findReferences } from '../../../src/speckle/references';
import {
  brepFixture,
  generatedFixture,
  lookupOf,
  responseFixture,
  revitModelRoot,
} from '../support/speckleFixtures';

const CHUNK = 'Speckle.Core.Models.DataChunk';

function ref(id: string) {
  return { referencedId: id, speckle_type: 'reference' };
}

function chunk(id: string, data: unknown[]) {
  return { id, data, speckle_type: CHUNK };
}

function lookupFrom(objects: Record<string, unknown>): Lookup {
  return (id) => objects[id];
}

/**
 * The rules of recompose.ts written the obvious way, recursively and without sharing: the iterative
 * implementation must build the same tree. Exponential in general, fine for small graphs.
 */
function naiveRecompose(
  value: unknown,
  lookup: Lookup,
  maxDepth = Number.POSITIVE_INFINITY,
  ancestors: string[] = [],
  depth = -1,
): unknown {
  const again = (child: unknown, above = ancestors, at = depth) =>
    naiveRecompose(child, lookup, maxDepth, above, at);
  const idOf = (element: unknown) =>
    typeof element === 'object' && element !== null && 'referencedId' in element
      ? (element.referencedId as string)
      : null;
  if (typeof value !== 'object' || value === null) return value;
  const id = idOf(value);
  if (id !== null) {
    if (ancestors.includes(id)) return { __cycle: id };
    if (depth + 1 > maxDepth) return { __depthLimit: id };
    const target = lookup(id);
    return target === undefined ? { __missing: id } : again(target, [...ancestors, id], depth + 1);
  }
  if (Array.isArray(value)) {
    const resolved = value.map((element) => {
      const elementId = idOf(element);
      return elementId === null ? element : lookup(elementId);
    });
    if (!isDataChunk(resolved.find((target) => target !== undefined))) {
      return value.map((element) => again(element));
    }
    return value.flatMap((element, index) => {
      const target = resolved[index];
      const chunkId = idOf(element);
      if (chunkId !== null && target === undefined) return [{ __missing: chunkId }];
      if (chunkId !== null && ancestors.includes(chunkId)) return [{ __cycle: chunkId }];
      if (!isDataChunk(target) || !Array.isArray(target.data)) return [again(element)];
      if (chunkId === null) return target.data.map((item) => again(item));
      return target.data.map((item) => again(item, [...ancestors, chunkId], depth + 1));
    });
  }
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, again(child)]));
}

/** Walks a recomposed value iteratively, collecting markers and the deepest nesting. */
function inspect(value: unknown): { markers: string[]; depth: number } {
  const markers: string[] = [];
  let depth = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [current, level] = item;
    depth = Math.max(depth, level);
    const found = readMarker(current);
    if (found) markers.push(`${found.kind}:${found.id}`);
    else if (typeof current === 'object' && current !== null) {
      for (const child of Object.values(current)) stack.push([child, level + 1]);
    }
  }
  return { markers, depth };
}

describe('markers', () => {
  it.each([
    [{ __missing: 'x' }, { kind: 'missing', id: 'x' }],
    [{ __cycle: 'x' }, { kind: 'cycle', id: 'x' }],
    [{ __depthLimit: 'x' }, { kind: 'depthLimit', id: 'x' }],
    [{ __missing: 'x', other: 1 }, null],
    [{ __missing: 1 }, null],
    [{ __closure: 'x' }, null],
    [['x'], null],
    ['x', null],
  ])('reads %j', (value, expected) => {
    expect(readMarker(value)).toEqual(expected);
  });
});

describe('joinChunks', () => {
  const objects = {
    c1: chunk('c1', [1, 2, 3]),
    c2: chunk('c2', []),
    c3: chunk('c3', [4, 5]),
    mesh: { id: 'mesh', speckle_type: 'Objects.Geometry.Mesh' },
  };
  const lookup = lookupFrom(objects);

  it('joins the data of referenced chunks, an empty one included', () => {
    expect(joinChunks([ref('c1'), ref('c2'), ref('c3')], lookup)).toEqual({
      value: [1, 2, 3, 4, 5],
      chunks: 3,
      missing: [],
      parts: [
        { kind: 'chunk', id: 'c1', start: 0, length: 3 },
        { kind: 'chunk', id: 'c2', start: 3, length: 0 },
        { kind: 'chunk', id: 'c3', start: 3, length: 2 },
      ],
    });
  });

  it('leaves a missing chunk as a marker where it was', () => {
    expect(joinChunks([ref('c1'), ref('gone'), ref('c3')], lookup)).toEqual({
      value: [1, 2, 3, { __missing: 'gone' }, 4, 5],
      chunks: 2,
      missing: ['gone'],
      parts: [
        { kind: 'chunk', id: 'c1', start: 0, length: 3 },
        { kind: 'missing', id: 'gone', start: 3, length: 1 },
        { kind: 'chunk', id: 'c3', start: 4, length: 2 },
      ],
    });
  });

  it('decides by the first element that resolves, even after a missing one', () => {
    expect(joinChunks([ref('gone'), ref('c3')], lookup)?.value).toEqual([
      { __missing: 'gone' },
      4,
      5,
    ]);
  });

  it('joins chunks held inline', () => {
    expect(joinChunks([chunk('a', [1]), chunk('b', [2])], lookup)?.value).toEqual([1, 2]);
  });

  it.each([
    ['references to other objects', [ref('mesh'), ref('c1')]],
    ['only missing references', [ref('gone'), ref('lost')]],
    ['plain numbers', [1, 2, 3]],
    ['an empty array', []],
  ])('leaves %s alone', (_case, array) => {
    expect(joinChunks(array, lookup)).toBeNull();
  });

  it('keeps elements that are not chunks, and marks a chunk that is its own ancestor', () => {
    expect(joinChunks([ref('c1'), ref('mesh'), 5, ref('c3')], lookup, new Set(['c3']))).toEqual({
      value: [1, 2, 3, ref('mesh'), 5, { __cycle: 'c3' }],
      chunks: 1,
      missing: [],
      parts: [
        { kind: 'chunk', id: 'c1', start: 0, length: 3 },
        { kind: 'other', id: 'mesh', start: 3, length: 1 },
        { kind: 'other', id: null, start: 4, length: 1 },
        { kind: 'cycle', id: 'c3', start: 5, length: 1 },
      ],
    });
  });

  it('asks for the deciding chunk once', () => {
    const asked: string[] = [];
    joinChunks([ref('c1'), ref('c3')], (id) => {
      asked.push(id);
      return lookup(id);
    });
    expect(asked).toEqual(['c1', 'c3']);
  });
});

describe('resolveValue', () => {
  const lookup = lookupFrom({
    a: { id: 'a', child: ref('b') },
    b: { id: 'b', back: ref('a') },
    c1: chunk('c1', [7, 8]),
  });

  it('resolves one reference and nothing below it', () => {
    expect(resolveValue(ref('a'), lookup)).toEqual({
      kind: 'object',
      id: 'a',
      value: { id: 'a', child: ref('b') },
    });
  });

  it('reports a reference to an ancestor as a cycle', () => {
    expect(resolveValue(ref('a'), lookup, new Set(['a', 'b']))).toEqual({ kind: 'cycle', id: 'a' });
  });

  it('reports a missing target', () => {
    expect(resolveValue(ref('gone'), lookup)).toEqual({ kind: 'missing', id: 'gone' });
  });

  it('joins a chunked array', () => {
    expect(resolveValue([ref('c1')], lookup)).toMatchObject({
      kind: 'chunks',
      value: [7, 8],
      chunks: 1,
    });
  });

  it('passes anything else through', () => {
    const value = { id: 'x', list: [ref('a')] };
    expect(resolveValue(value, lookup)).toEqual({ kind: 'value', value });
    expect(resolveValue([ref('a')], lookup)).toEqual({ kind: 'value', value: [ref('a')] });
  });

  it('joins the real Revit floor mesh arrays as they are expanded', () => {
    const objects = responseFixture('revit-floor.objects.json');
    const lookupFloor = lookupOf(objects);
    const mesh = objects.find((object) => object.parsed.speckle_type === 'Objects.Geometry.Mesh');
    const vertices = resolveValue(mesh?.parsed.vertices, lookupFloor, new Set([String(mesh?.id)]));
    const [chunkReference] = mesh?.parsed.vertices as Array<{ referencedId: string }>;
    const data = (lookupFloor(chunkReference?.referencedId as string) as { data: number[] }).data;
    expect(vertices).toEqual({
      kind: 'chunks',
      value: data,
      chunks: 1,
      missing: [],
      parts: [{ kind: 'chunk', id: chunkReference?.referencedId, start: 0, length: data.length }],
    });
    expect(data.length % 3).toBe(0);
  });
});

/** Random objects n0…n3 and chunks c0, c1 whose values hold references to them (and to `gone`). */
const IDS = ['n0', 'n1', 'n2', 'n3', 'c0', 'c1', 'gone'];
const randomValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.integer(), fc.constant('text'), fc.constant(null)),
    fc.constantFrom(...IDS).map(ref),
    fc.array(fc.constantFrom(...IDS).map(ref), { minLength: 1, maxLength: 3 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', '@b', '__proto__'), tie('value'), { maxKeys: 3 }),
  ),
})).value;
const randomStore = fc
  .record({
    n0: randomValue,
    n1: randomValue,
    n2: randomValue,
    n3: randomValue,
    c0: fc.array(randomValue, { maxLength: 3 }),
    c1: fc.oneof(fc.array(fc.integer(), { maxLength: 3 }), randomValue),
  })
  .map(
    (drawn) =>
      // Through JSON text, as the app gets its objects: `__proto__` stays an own key.
      JSON.parse(
        JSON.stringify({
          n0: { id: 'n0', x: drawn.n0 },
          n1: { id: 'n1', x: drawn.n1 },
          n2: { id: 'n2', x: drawn.n2 },
          n3: { id: 'n3', x: drawn.n3 },
          c0: chunk('c0', drawn.c0),
          c1: { ...chunk('c1', []), data: drawn.c1 },
        }),
      ) as Record<string, unknown>,
  );

describe('recomposeValue', () => {
  it('builds what the plain rules build below any value, its ancestors counted as levels above it', () => {
    fc.assert(
      fc.property(
        randomStore,
        randomValue,
        fc.subarray(['n0', 'n1', 'n2', 'n3']),
        fc.nat(5),
        (objects, value, ancestors, maxDepth) => {
          const lookup = lookupFrom(objects);
          const result = recomposeValue(value, lookup, { ancestors, maxDepth });
          const expected = naiveRecompose(value, lookup, maxDepth, ancestors, ancestors.length - 1);
          expect(result.value).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('yields in steps of a few objects read, and builds the same as recompose', () => {
    const objects = generatedFixture(1000);
    const rootId = objects[0]?.id as string;
    const lookup = lookupOf(objects);
    let readSinceStep = 0;
    let mostReadInAStep = 0;
    const steps = recomposeSteps(ref(rootId), (id) => {
      readSinceStep += 1;
      mostReadInAStep = Math.max(mostReadInAStep, readSinceStep);
      return lookup(id);
    });
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) {
      yields += 1;
      readSinceStep = 0;
    }
    expect(step.value).toEqual(recompose(rootId, lookup));
    expect(yields).toBeGreaterThan(objects.length / 5);
    // A step parses at most a handful of objects: 256 units of work, 64 for each object read.
    expect(mostReadInAStep).toBeLessThanOrEqual(5);
  });

  it('is recompose when the value is a reference to the root', () => {
    const objects = responseFixture('revit-floor.objects.json');
    const lookup = lookupOf(objects);
    const rootId = objects[0]?.id as string;
    expect(recomposeValue(ref(rootId), lookup)).toEqual(recompose(rootId, lookup));
  });

  it('reads a container kept as text as its value', () => {
    const big = '[1,2,{"referencedId":"n0","speckle_type":"reference"}]';
    // Every container kept as text, as the view keeps those over 256 kB.
    const parsed = parseDeferringLarge(`{"id":"r","big":${big}}`, {
      scanFrom: 0,
      deferFrom: 0,
    }) as {
      big: DeferredJson;
    };
    expect(parsed.big).toBeInstanceOf(DeferredJson);
    const { value } = recomposeValue(parsed, lookupFrom({ n0: { id: 'n0', name: 'wall' } }), {
      ancestors: ['r'],
    });
    expect(value).toEqual({ id: 'r', big: [1, 2, { id: 'n0', name: 'wall' }] });
  });
});

describe('recompose', () => {
  it.each([
    ['revit-floor', responseFixture('revit-floor.objects.json')],
    ['blender-cube', responseFixture('blender-cube.objects.json')],
    ['a generated 1,000-object building', generatedFixture(1000)],
  ])('rebuilds the complete %s with no reference left', (_name, objects) => {
    const lookup = lookupOf(objects);
    const rootId = objects[0]?.id as string;
    const result = recompose(rootId, lookup);
    expect(result.value).toEqual(naiveRecompose(ref(rootId), lookup, DEFAULT_MAX_DEPTH));
    expect(findReferences(result.value)).toEqual([]);
    expect(result).toMatchObject({ missing: [], cycles: 0, depthLimited: 0 });
  });

  it('builds what the plain rules build on random graphs with cycles, gaps and odd chunks', () => {
    fc.assert(
      fc.property(randomStore, fc.constantFrom(...IDS), fc.nat(5), (objects, rootId, maxDepth) => {
        const lookup = lookupFrom(objects);
        const result = recompose(rootId, lookup, { maxDepth });
        const expected = naiveRecompose(ref(rootId), lookup, maxDepth);
        expect(result.value).toEqual(expected);
        const markers = inspect(expected).markers;
        const count = (kind: string) => markers.filter((m) => m.startsWith(`${kind}:`)).length;
        expect(result.cycles).toBe(count('cycle'));
        expect(result.depthLimited).toBe(count('depthLimit'));
        expect(new Set(result.missing)).toEqual(
          new Set(markers.filter((m) => m.startsWith('missing:')).map((m) => m.slice(8))),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('keeps key order, so the text of an object without references is unchanged', () => {
    const objects = responseFixture('revit-floor.objects.json');
    for (const object of objects.filter((o) => findReferences(o.parsed).length === 0)) {
      const result = recompose(object.id, lookupOf([object]));
      expect(JSON.stringify(result.value)).toBe(JSON.stringify(object.parsed));
    }
    const [root] = objects;
    const rootAlone = recompose(root?.id as string, lookupOf(objects.slice(0, 1)));
    expect(Object.keys(rootAlone.value as object)).toEqual(Object.keys(root?.parsed as object));
  });

  it('reports each joined array of the real Blender cube, empty chunks included', () => {
    const objects = responseFixture('blender-cube.objects.json');
    const { joins } = recompose(objects[0]?.id as string, lookupOf(objects));
    const mesh = (n: number) => [
      'Alex Test Steam [ main @ 328bd99997 ]',
      'Collection',
      '@objects',
      n,
    ];
    expect(joins).toEqual([
      { path: [...mesh(0), 'faces'], chunks: 1, missing: 0, length: 30 },
      { path: [...mesh(0), 'colors'], chunks: 1, missing: 0, length: 0 },
      { path: [...mesh(0), 'vertices'], chunks: 1, missing: 0, length: 72 },
      { path: [...mesh(0), 'textureCoordinates'], chunks: 1, missing: 0, length: 0 },
      { path: [...mesh(1), 'faces'], chunks: 1, missing: 0, length: 30 },
      { path: [...mesh(1), 'colors'], chunks: 1, missing: 0, length: 0 },
      { path: [...mesh(1), 'vertices'], chunks: 1, missing: 0, length: 72 },
      { path: [...mesh(1), 'textureCoordinates'], chunks: 1, missing: 0, length: 0 },
    ]);
  });

  it('marks the descendants missing from the real brep database dump', () => {
    const objects = brepFixture();
    const lookup = lookupOf(objects);
    const stored = new Set(objects.map((object) => object.id));
    let missing = 0;
    for (const brep of objects.filter((o) => o.parsed.speckle_type === 'Objects.Geometry.Brep')) {
      const result = recompose(brep.id, lookup);
      expect(result.value).toEqual(naiveRecompose(ref(brep.id), lookup));
      const absent = Object.keys(brep.parsed.__closure as object).filter((id) => !stored.has(id));
      // Every id reported missing is one the closure lists and the dump lacks.
      expect(result.missing.every((id) => absent.includes(id))).toBe(true);
      expect(inspect(result.value).markers.sort()).toEqual(
        [...new Set(result.missing)].map((id) => `missing:${id}`).sort(),
      );
      missing += result.missing.length;
    }
    expect(missing).toBeGreaterThan(0);
  });

  it('marks every child of the real Revit root as missing when only the root was fetched', () => {
    const root = revitModelRoot();
    const result = recompose(root.id, lookupOf([root]));
    const direct = new Set(findReferences(root.parsed).map(({ referencedId }) => referencedId));
    expect(new Set(result.missing)).toEqual(direct);
    expect(findReferences(result.value)).toEqual([]);
  });

  it('returns a marker when the root itself is absent', () => {
    expect(recompose('gone', () => undefined)).toMatchObject({
      value: { __missing: 'gone' },
      missing: ['gone'],
    });
  });

  it('marks references back to an ancestor as cycles', () => {
    const lookup = lookupFrom({
      a: { id: 'a', child: ref('b'), self: ref('a') },
      b: { id: 'b', back: ref('a'), next: ref('c') },
      c: { id: 'c' },
    });
    const result = recompose('a', lookup);
    expect(result.value).toEqual({
      id: 'a',
      child: { id: 'b', back: { __cycle: 'a' }, next: { id: 'c' } },
      self: { __cycle: 'a' },
    });
    expect(result.cycles).toBe(2);
    expect(result.value).toEqual(naiveRecompose(ref('a'), lookup));
  });

  it('builds a shared child once and reports its joins at every place', () => {
    const lookup = lookupFrom({
      root: { id: 'root', left: ref('mesh'), right: [ref('mesh')] },
      mesh: { id: 'mesh', vertices: [ref('c1'), ref('gone')] },
      c1: chunk('c1', [1, 2, 3]),
    });
    const result = recompose('root', lookup);
    const value = result.value as { left: unknown; right: unknown[] };
    expect(value.left).toBe(value.right[0]);
    expect(value.left).toEqual({ id: 'mesh', vertices: [1, 2, 3, { __missing: 'gone' }] });
    expect(result.joins).toEqual([
      { path: ['left', 'vertices'], chunks: 1, missing: 1, length: 4 },
      { path: ['right', 0, 'vertices'], chunks: 1, missing: 1, length: 4 },
    ]);
    expect(result.missing).toEqual(['gone']);
  });

  it('resolves references held in chunks, one level deeper, with the chunk as their ancestor', () => {
    // Chunked lists of objects (`@(1000)elements`) put references in the chunks' data.
    const lookup = lookupFrom({
      root: { id: 'root', '@elements': [ref('c1'), ref('c2')] },
      c1: chunk('c1', [ref('a'), ref('b')]),
      c2: chunk('c2', [ref('a'), [ref('c2')]]),
      a: { id: 'a' },
      b: { id: 'b', deeper: ref('a') },
    });
    const result = recompose('root', lookup);
    expect(result.value).toEqual({
      id: 'root',
      '@elements': [
        { id: 'a' },
        { id: 'b', deeper: { id: 'a' } },
        { id: 'a' },
        [{ __cycle: 'c2' }],
      ],
    });
    expect(result.cycles).toBe(1);
    expect(result.joins).toEqual([
      { path: ['@elements'], chunks: 2, missing: 0, length: 4 },
      { path: ['@elements', 3], chunks: 0, missing: 0, length: 1 },
    ]);
    // root is depth 0, the chunks 1, `b` 2 and what `b` names 3.
    expect(recompose('root', lookup, { maxDepth: 2 }).value).toEqual({
      id: 'root',
      '@elements': [
        { id: 'a' },
        { id: 'b', deeper: { __depthLimit: 'a' } },
        { id: 'a' },
        [{ __cycle: 'c2' }],
      ],
    });
  });

  it('ends when a chunk holds an array of itself', () => {
    const lookup = lookupFrom({
      n: { id: 'n', a: { a: [[ref('c0')]] } },
      c0: chunk('c0', [[[ref('c0')]]]),
    });
    expect(recompose('n', lookup).value).toEqual({ id: 'n', a: { a: [[[[{ __cycle: 'c0' }]]]] } });
  });

  it('handles a chain of 10,000 references without overflowing the stack', () => {
    const objects: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i += 1) {
      objects[`o${i}`] = i < 9_999 ? { id: `o${i}`, '@child': ref(`o${i + 1}`) } : { id: `o${i}` };
    }
    const result = recompose('o0', lookupFrom(objects), { maxDepth: Number.POSITIVE_INFINITY });
    expect(result).toMatchObject({ missing: [], cycles: 0, depthLimited: 0 });
    const { markers, depth } = inspect(result.value);
    expect(markers).toEqual([]);
    // Each level is an object holding the next one, and the last holds its id string.
    expect(depth).toBe(10_000);
  });

  it('stops at the default depth with a marker', () => {
    const objects: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i += 1)
      objects[`o${i}`] = { id: `o${i}`, '@child': ref(`o${i + 1}`) };
    const result = recompose('o0', lookupFrom(objects));
    expect(result.depthLimited).toBe(1);
    expect(inspect(result.value)).toEqual({
      markers: [`depthLimit:o${DEFAULT_MAX_DEPTH + 1}`],
      depth: DEFAULT_MAX_DEPTH + 1,
    });
    // The export's own serializer must cope with what the default allows.
    expect(() => JSON.stringify(result.value)).not.toThrow();
  });

  it('counts a missing target as a level when reusing what was built higher up', () => {
    const lookup = lookupFrom({
      root: { id: 'root', near: ref('x'), far: ref('b') },
      b: { id: 'b', next: ref('x') },
      x: { id: 'x', leaf: ref('gone') },
    });
    expect(recompose('root', lookup, { maxDepth: 2 }).value).toEqual({
      id: 'root',
      near: { id: 'x', leaf: { __missing: 'gone' } },
      far: { id: 'b', next: { id: 'x', leaf: { __depthLimit: 'gone' } } },
    });
  });

  it('joins chunks below the depth limit, as part of the object that names them', () => {
    const lookup = lookupFrom({
      mesh: { id: 'mesh', vertices: [ref('c1')] },
      c1: chunk('c1', [1]),
    });
    expect(recompose('mesh', lookup, { maxDepth: 0 }).value).toEqual({ id: 'mesh', vertices: [1] });
  });

  it('keeps only the root at depth 0', () => {
    const lookup = lookupFrom({ a: { id: 'a', child: ref('b') }, b: { id: 'b' } });
    expect(recompose('a', lookup, { maxDepth: 0 }).value).toEqual({
      id: 'a',
      child: { __depthLimit: 'b' },
    });
  });

  it('does not reuse a shared child where the depth limit would cut it', () => {
    const lookup = lookupFrom({
      root: { id: 'root', near: ref('x'), far: ref('b1') },
      b1: { id: 'b1', next: ref('b2') },
      b2: { id: 'b2', next: ref('x') },
      x: { id: 'x', leaf: ref('y') },
      y: { id: 'y' },
    });
    const result = recompose('root', lookup, { maxDepth: 3 });
    expect(result.value).toEqual({
      id: 'root',
      near: { id: 'x', leaf: { id: 'y' } },
      far: { id: 'b1', next: { id: 'b2', next: { id: 'x', leaf: { __depthLimit: 'y' } } } },
    });
  });

  it('keeps a key named __proto__ as an ordinary property', () => {
    const parsed = JSON.parse('{"id":"a","__proto__":{"polluted":true},"x":1}') as unknown;
    const result = recompose('a', () => parsed);
    expect(JSON.stringify(result.value)).toBe('{"id":"a","__proto__":{"polluted":true},"x":1}');
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
  });
});
