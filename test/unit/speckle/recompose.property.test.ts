import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recompose } from '../../../src/speckle/recompose';
import { resolveValue, type Lookup } from '../../../src/speckle/resolve';

const CHUNK_TYPE = 'Speckle.Core.Models.DataChunk';
const NODE_IDS = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5'];
const CHUNK_IDS = ['c0', 'c1', 'c2'];
// Never stored: references to them are missing targets.
const ABSENT_IDS = ['x0', 'x1'];
// `__proto__` too: JSON.parse makes it an ordinary own key, and so must every copy.
const LOOKUP_BUDGET = 5_000;
const KEYS = ['a', 'b', '@elements', 'displayValue', 'data', 'name with space', '__proto__'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const plainArb = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 4 }),
  fc.boolean(),
  fc.constant(null),
);
const reference = (id: string): Json => ({ referencedId: id, speckle_type: 'reference' });

const { value: valueArb } = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    plainArb,
    fc.constantFrom(...NODE_IDS, ...CHUNK_IDS, ...ABSENT_IDS).map(reference),
    // A chunked array, with some chunks absent or not chunks at all.
    fc
      .array(fc.constantFrom(...CHUNK_IDS, ...CHUNK_IDS, ABSENT_IDS[0]!, NODE_IDS[0]!), {
        minLength: 1,
        maxLength: 4,
      })
      .map((ids) => ids.map(reference)),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('value')), { maxLength: 3 }).map(toObject),
  ),
}));

function toObject(entries: [string, Json][]): Json {
  // Built as JSON text and parsed, as the app gets its objects: `__proto__` stays an own key.
  const text = entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  return JSON.parse(`{${text.join(',')}}`) as Json;
}

const nodeArb = (id: string) =>
  fc
    .array(fc.tuple(fc.constantFrom(...KEYS), valueArb), { maxLength: 4 })
    .map((entries) => toObject([['id', id], ['speckle_type', 'Base'], ...entries]));

// Real chunks hold numbers; adversarial ones hold anything, references and chunked arrays included,
// or a `data` that is not an array.
const chunkArb = (id: string, data: fc.Arbitrary<Json>) =>
  data.map((value) =>
    toObject([
      ['id', id],
      ['speckle_type', CHUNK_TYPE],
      ['data', value],
    ]),
  );
const plainChunkData = fc.array(plainArb, { maxLength: 4 });
const anyChunkData = fc.oneof(fc.array(valueArb, { maxLength: 4 }), valueArb);

/** A random store: each node and chunk may be absent; references run anywhere, cycles included. */
const graphArb = (chunkData: fc.Arbitrary<Json>) =>
  fc
    .tuple(
      ...NODE_IDS.map((id) => fc.option(nodeArb(id), { freq: 5 })),
      ...CHUNK_IDS.map((id) => fc.option(chunkArb(id, chunkData), { freq: 5 })),
    )
    .map((objects) => {
      const store = new Map<string, Json>();
      [...NODE_IDS, ...CHUNK_IDS].forEach((id, index) => {
        const object = objects[index];
        if (object !== null && object !== undefined) store.set(id, object);
      });
      return store;
    });

/**
 * A lookup that gives up after far more calls than any of these small graphs needs: a
 * recomposition that never ends fails the property instead of exhausting the memory.
 */
function budgetedLookup(store: ReadonlyMap<string, Json>): Lookup {
  let calls = 0;
  return (id) => {
    calls += 1;
    if (calls > LOOKUP_BUDGET)
      throw new Error(`recompose looked up more than ${LOOKUP_BUDGET} ids`);
    return store.get(id);
  };
}

function isReference(value: unknown): value is { referencedId: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { referencedId?: unknown }).referencedId === 'string'
  );
}

function isChunk(value: unknown): value is { data: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { speckle_type?: unknown }).speckle_type === CHUNK_TYPE
  );
}

/**
 * The recomposition rules of src/speckle/recompose.ts written as plainly as possible: recursion, no
 * sharing, no stack of tasks. Exponential in general, fine for these small graphs.
 */
function expectedRecomposition(rootId: string, lookup: Lookup, maxDepth: number): unknown {
  const join = (array: unknown[]): unknown[] | null => {
    const resolved = (element: unknown) =>
      isReference(element) ? lookup(element.referencedId) : element;
    if (!isChunk(array.map(resolved).find((target) => target !== undefined))) return null;
    return array.flatMap((element) => {
      const target = resolved(element);
      if (target === undefined)
        return [{ __missing: (element as { referencedId: string }).referencedId }];
      return isChunk(target) && Array.isArray(target.data) ? (target.data as unknown[]) : [element];
    });
  };
  const expand = (value: unknown, ancestors: string[], depth: number): unknown => {
    if (isReference(value)) {
      const id = value.referencedId;
      if (ancestors.includes(id)) return { __cycle: id };
      if (depth + 1 > maxDepth) return { __depthLimit: id };
      const target = lookup(id);
      if (target === undefined) return { __missing: id };
      return expand(target, [...ancestors, id], depth + 1);
    }
    if (Array.isArray(value)) {
      return (join(value) ?? value).map((item) => expand(item, ancestors, depth));
    }
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, expand(item, ancestors, depth)]),
      );
    }
    return value;
  };
  return expand({ referencedId: rootId }, [], -1);
}

/** Every marker in a value, counted once per place it appears. */
function markersIn(value: unknown): { missing: Set<string>; cycles: number; depthLimited: number } {
  const found = { missing: new Set<string>(), cycles: 0, depthLimited: 0 };
  const stack = [value];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item !== 'object' || item === null) continue;
    const keys = Object.keys(item);
    const only = keys.length === 1 ? (item as Record<string, unknown>)[keys[0]!] : undefined;
    if (keys[0] === '__missing' && typeof only === 'string') found.missing.add(only);
    else if (keys[0] === '__cycle' && typeof only === 'string') found.cycles += 1;
    else if (keys[0] === '__depthLimit' && typeof only === 'string') found.depthLimited += 1;
    else stack.push(...Object.values(item));
  }
  return found;
}

const rootArb = fc.constantFrom(...NODE_IDS, ...CHUNK_IDS, ...ABSENT_IDS);
const maxDepthArb = fc.integer({ min: 0, max: 6 });

describe('recompose (properties)', () => {
  it('terminates without throwing on any graph, cycles, missing targets and odd chunks included', () => {
    fc.assert(
      fc.property(graphArb(anyChunkData), rootArb, maxDepthArb, (store, rootId, maxDepth) => {
        const result = recompose(rootId, budgetedLookup(store), { maxDepth });

        for (const id of result.missing) expect(store.has(id)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('builds what the plain rules build, when chunks hold plain values', () => {
    fc.assert(
      fc.property(graphArb(plainChunkData), rootArb, maxDepthArb, (store, rootId, maxDepth) => {
        const before = JSON.stringify([...store]);

        const result = recompose(rootId, budgetedLookup(store), { maxDepth });

        const expected = expectedRecomposition(rootId, (id) => store.get(id), maxDepth);
        expect(result.value).toEqual(expected);
        const markers = markersIn(expected);
        expect(new Set(result.missing)).toEqual(markers.missing);
        expect(result.missing).toHaveLength(markers.missing.size);
        expect(result.cycles).toBe(markers.cycles);
        expect(result.depthLimited).toBe(markers.depthLimited);
        // The store is read, never written.
        expect(JSON.stringify([...store])).toBe(before);
      }),
      { numRuns: 500 },
    );
  });

  it('resolves any single value in one step without throwing', () => {
    fc.assert(
      fc.property(
        graphArb(anyChunkData),
        valueArb,
        fc.subarray([...NODE_IDS, ...CHUNK_IDS]),
        (store, value, ancestors) => {
          const resolution = resolveValue(value, (id) => store.get(id), new Set(ancestors));

          if (isReference(value)) {
            const id = value.referencedId;
            const kind = ancestors.includes(id) ? 'cycle' : store.has(id) ? 'object' : 'missing';
            expect(resolution).toMatchObject({ kind, id });
          } else if (resolution.kind !== 'chunks') {
            expect(resolution).toEqual({ kind: 'value', value });
          }
        },
      ),
      { numRuns: 600 },
    );
  });

  it('recomposes a chain of 20,000 references without overflowing the stack, in bounded time', () => {
    const length = 20_000;
    const store = new Map<string, unknown>();
    for (let i = 0; i < length; i += 1) {
      store.set(`o${i}`, { id: `o${i}`, next: i + 1 < length ? reference(`o${i + 1}`) : null });
    }
    // Ends in a cycle back to the middle of the chain.
    store.set(`o${length - 1}`, { id: `o${length - 1}`, next: reference(`o${length / 2}`) });

    const result = recompose('o0', (id) => store.get(id), { maxDepth: length });

    expect(result.cycles).toBe(1);
    expect(result.depthLimited).toBe(0);
  });
});
