/**
 * One step of recomposing, as Speckle's SDKs do on receive: a reference is replaced by the object it
 * names, and an array whose first resolved element is a DataChunk becomes the concatenation of the
 * chunks' `data`. The tree view resolves nodes this way as they are expanded; recompose.ts builds
 * whole trees from the same steps.
 *
 * What cannot be resolved stays visible as a marker object with a single key, never as an error:
 * - `{"__missing": "<id>"}`: the set holds no object with that id;
 * - `{"__cycle": "<id>"}`: the id is an ancestor on the path being expanded (ids are content hashes,
 *   so only corrupt data has cycles);
 * - `{"__depthLimit": "<id>"}`: resolving it would go deeper than `maxDepth` references below the root.
 * A chunk that is missing (or a cycle) leaves its marker in place in the joined array, so the hole
 * stays where it was.
 */
import { isReference } from './references';
import { isDataChunkType } from './types';

/** The parsed object with this id, or undefined when the set does not hold it. */
export type Lookup = (id: string) => unknown;

export type MarkerKind = 'missing' | 'cycle' | 'depthLimit';

const MARKER_KEYS: Record<MarkerKind, string> = {
  missing: '__missing',
  cycle: '__cycle',
  depthLimit: '__depthLimit',
};

export function marker(kind: MarkerKind, id: string): Record<string, string> {
  return { [MARKER_KEYS[kind]]: id };
}

/** What a marker object stands for, or null for any other value. */
export function readMarker(value: unknown): { kind: MarkerKind; id: string } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1) return null;
  const id = (value as Record<string, unknown>)[keys[0] as string];
  if (typeof id !== 'string') return null;
  for (const kind of Object.keys(MARKER_KEYS) as MarkerKind[]) {
    if (MARKER_KEYS[kind] === keys[0]) return { kind, id };
  }
  return null;
}

export function isDataChunk(value: unknown): value is { data: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const type = (value as { speckle_type?: unknown }).speckle_type;
  return typeof type === 'string' && isDataChunkType(type);
}

/** What one element of a chunked array became in the joined array. */
export interface ChunkPart {
  /** `chunk`: its data; `missing`/`cycle`: a marker; `other`: the element itself, not a chunk. */
  kind: 'chunk' | 'missing' | 'cycle' | 'other';
  /** The id it referenced; null for an element held inline. */
  id: string | null;
  /** Where its elements start in the joined array, and how many there are. */
  start: number;
  length: number;
}

export interface JoinedChunks {
  /** The chunks' data end to end; markers where chunks are missing or cycles. */
  value: unknown[];
  /** One per element of the original array, in order. */
  parts: ChunkPart[];
  /** Chunks whose data was joined (empty ones included). */
  chunks: number;
  /** Ids of referenced chunks that are absent. */
  missing: string[];
}

const NO_ANCESTORS: ReadonlySet<string> = new Set();

/**
 * The joined form of a chunked array, or null when `array` is not one. `ancestors` as for
 * `resolveValue`: a chunk that is its own ancestor (its data holds an array of itself) is a cycle.
 */
export function joinChunks(
  array: readonly unknown[],
  lookup: Lookup,
  ancestors: ReadonlySet<string> = NO_ANCESTORS,
): JoinedChunks | null {
  // The first element that resolves decides; parse it once, since chunks are big.
  let decidingIndex = -1;
  let decidingTarget: unknown;
  for (let i = 0; i < array.length && decidingIndex === -1; i += 1) {
    const element = array[i];
    const target = isReference(element) ? lookup(element.referencedId) : element;
    if (target !== undefined) [decidingIndex, decidingTarget] = [i, target];
  }
  if (!isDataChunk(decidingTarget)) return null;

  const joined: JoinedChunks = { value: [], parts: [], chunks: 0, missing: [] };
  array.forEach((element, index) => {
    const id = isReference(element) ? element.referencedId : null;
    const start = joined.value.length;
    let kind: ChunkPart['kind'];
    let target: unknown = element;
    if (index === decidingIndex) target = decidingTarget;
    else if (id !== null) target = lookup(id);
    if (id !== null && target === undefined) {
      kind = 'missing';
      joined.missing.push(id);
      joined.value.push(marker('missing', id));
    } else if (id !== null && ancestors.has(id)) {
      kind = 'cycle';
      joined.value.push(marker('cycle', id));
    } else if (isDataChunk(target) && Array.isArray(target.data)) {
      kind = 'chunk';
      joined.chunks += 1;
      // A loop, not push(...data): spreading 62,500 arguments is near engine limits.
      for (const item of target.data as unknown[]) joined.value.push(item);
    } else {
      // Not a chunk after all: kept as it was, for the caller to resolve like any element.
      kind = 'other';
      joined.value.push(element);
    }
    joined.parts.push({ kind, id, start, length: joined.value.length - start });
  });
  return joined;
}

type Resolution =
  /** Neither a reference nor a chunked array: shown as it is. */
  | { kind: 'value'; value: unknown }
  /** A reference and the object it names (whose own references are not resolved yet). */
  | { kind: 'object'; id: string; value: unknown }
  | { kind: 'missing'; id: string }
  | { kind: 'cycle'; id: string }
  /**
   * A chunked array, joined. Elements from a part of kind `chunk` with an id have that chunk as
   * one more ancestor.
   */
  | ({ kind: 'chunks' } & JoinedChunks);

/**
 * One step of recomposition. `ancestors` are the ids of the objects on the path from the root to
 * `value` (the root included): a reference back to one of them is a cycle. A child of an
 * `object` resolution has that object's id as one more ancestor.
 */
export function resolveValue(
  value: unknown,
  lookup: Lookup,
  ancestors: ReadonlySet<string> = NO_ANCESTORS,
): Resolution {
  if (isReference(value)) {
    const id = value.referencedId;
    if (ancestors.has(id)) return { kind: 'cycle', id };
    const target = lookup(id);
    return target === undefined ? { kind: 'missing', id } : { kind: 'object', id, value: target };
  }
  if (Array.isArray(value)) {
    const joined = joinChunks(value, lookup, ancestors);
    if (joined) return { kind: 'chunks', ...joined };
  }
  return { kind: 'value', value };
}
