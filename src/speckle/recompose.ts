/**
 * Rebuilds objects the way Speckle's SDKs do on receive: every reference is replaced by the object it
 * names, recursively, and an array whose first resolved element is a DataChunk becomes the
 * concatenation of the chunks' `data`.
 *
 * Two forms: `resolveValue` resolves one value and nothing below it, so a tree view resolves nodes
 * as they are expanded; `recompose` builds the whole tree for exports, with an explicit stack (a
 * chain of 10,000 references must not overflow the call stack).
 *
 * What cannot be resolved stays visible as a marker object with a single key, never as an error:
 * - `{"__missing": "<id>"}`: the set holds no object with that id;
 * - `{"__cycle": "<id>"}`: the id is an ancestor on the path being expanded (ids are content hashes,
 *   so only corrupt data has cycles);
 * - `{"__depthLimit": "<id>"}`: resolving it would go deeper than `maxDepth` references below the root.
 * A missing chunk leaves its marker in place in the joined array, so the hole stays where it was.
 */
import { extendPath, pathOf, type Path, type PathLink, type PathSegment } from './paths';
import { isReference } from './references';
import { shortTypeName } from './types';

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
  return typeof type === 'string' && shortTypeName(type) === 'DataChunk';
}

export interface JoinedChunks {
  /** The chunks' data end to end; a missing chunk is a `__missing` marker at its place. */
  value: unknown[];
  /** DataChunks found and joined. */
  chunks: number;
  /** Ids of chunk references whose objects are absent. */
  missing: string[];
  /** Where each element of the original array starts in `value`. */
  offsets: number[];
}

/** The joined form of a chunked array, or null when `array` is not one. */
export function joinChunks(array: readonly unknown[], lookup: Lookup): JoinedChunks | null {
  // The first element that resolves decides; parse it once, since chunks are big.
  let decidingIndex = -1;
  let decidingTarget: unknown;
  for (let i = 0; i < array.length && decidingIndex === -1; i += 1) {
    const element = array[i];
    const target = isReference(element) ? lookup(element.referencedId) : element;
    if (target !== undefined) [decidingIndex, decidingTarget] = [i, target];
  }
  if (!isDataChunk(decidingTarget)) return null;

  const joined: JoinedChunks = { value: [], chunks: 0, missing: [], offsets: [] };
  array.forEach((element, index) => {
    joined.offsets.push(joined.value.length);
    const reference = isReference(element) ? element.referencedId : null;
    let target: unknown = element;
    if (index === decidingIndex) target = decidingTarget;
    else if (reference !== null) target = lookup(reference);
    if (target === undefined && reference !== null) {
      joined.missing.push(reference);
      joined.value.push(marker('missing', reference));
    } else if (isDataChunk(target) && Array.isArray(target.data)) {
      joined.chunks += 1;
      // A loop, not push(...data): spreading 62,500 arguments is near engine limits.
      for (const item of target.data as unknown[]) joined.value.push(item);
    } else {
      // Not a chunk after all: kept as it was, for the caller to resolve like any element.
      joined.value.push(element);
    }
  });
  return joined;
}

export type Resolution =
  /** Neither a reference nor a chunked array: shown as it is. */
  | { kind: 'value'; value: unknown }
  /** A reference and the object it names (whose own references are not resolved yet). */
  | { kind: 'object'; id: string; value: unknown }
  | { kind: 'missing'; id: string }
  | { kind: 'cycle'; id: string }
  | ({ kind: 'chunks' } & JoinedChunks);

const NO_ANCESTORS: ReadonlySet<string> = new Set();

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
    const joined = joinChunks(value, lookup);
    if (joined) return { kind: 'chunks', ...joined };
  }
  return { kind: 'value', value };
}

/**
 * References followed below the root by default. Real closures go about 10 deep; each level adds a
 * few levels of JSON nesting, and V8's JSON.stringify overflows its stack at a few thousand.
 */
export const DEFAULT_MAX_DEPTH = 100;

export interface RecomposeOptions {
  /** How many references deep below the root to resolve; 0 keeps only the root. */
  maxDepth?: number;
}

export interface ChunkJoin {
  /** Where the joined array sits in the recomposed value. */
  path: Path;
  chunks: number;
  missing: number;
  /** Elements in the joined array. */
  length: number;
}

export interface Recomposition {
  /**
   * The recomposed root (a `__missing` marker when the root itself is absent). An object that is
   * referenced from several places is built once and shared: treat the value as read-only.
   */
  value: unknown;
  joins: ChunkJoin[];
  /** Distinct ids of absent objects, references and chunks alike. */
  missing: string[];
  cycles: number;
  depthLimited: number;
}

type Container = Record<string, unknown> | unknown[];

interface Visit {
  value: unknown;
  container: Container;
  key: PathSegment;
  link: PathLink | null;
  pathLength: number;
  /** References followed from the root to the object that holds this value. */
  depth: number;
}

interface OpenObject {
  id: string;
  visit: Visit;
  joinsStart: number;
  /** References below this object's deepest descendant. */
  height: number;
  /** Holds a cycle or depth marker, so it depends on where it was reached and cannot be reused. */
  tainted: boolean;
}

interface Built {
  value: unknown;
  height: number;
  joinsStart: number;
  joinsEnd: number;
  pathLength: number;
}

/** The whole tree below `rootId`, for exports. */
export function recompose(
  rootId: string,
  lookup: Lookup,
  options: RecomposeOptions = {},
): Recomposition {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const joins: ChunkJoin[] = [];
  const missing = new Set<string>();
  let cycles = 0;
  let depthLimited = 0;
  const built = new Map<string, Built>();
  const open: OpenObject[] = [];
  const onPath = new Set<string>();
  const holder: Record<string, unknown> = {};
  const tasks: Array<Visit | OpenObject> = [
    {
      value: { referencedId: rootId },
      container: holder,
      key: 'root',
      link: null,
      pathLength: 0,
      depth: -1,
    },
  ];

  const taint = () => {
    for (let i = open.length - 1; i >= 0; i -= 1) {
      const object = open[i] as OpenObject;
      // Tainted objects always form the bottom of the stack, so the first one ends the walk.
      if (object.tainted) break;
      object.tainted = true;
    }
  };
  const grow = (height: number) => {
    const parent = open.at(-1);
    if (parent) parent.height = Math.max(parent.height, height + 1);
  };

  const resolve = (visit: Visit, id: string) => {
    if (onPath.has(id)) {
      put(visit, marker('cycle', id));
      cycles += 1;
      taint();
      return;
    }
    const depth = visit.depth + 1;
    if (depth > maxDepth) {
      put(visit, marker('depthLimit', id));
      depthLimited += 1;
      taint();
      return;
    }
    const known = built.get(id);
    if (known && depth + known.height <= maxDepth) {
      put(visit, known.value);
      const prefix = pathOf(visit.link);
      for (let i = known.joinsStart; i < known.joinsEnd; i += 1) {
        const join = joins[i] as ChunkJoin;
        joins.push({ ...join, path: [...prefix, ...join.path.slice(known.pathLength)] });
      }
      grow(known.height);
      return;
    }
    const target = lookup(id);
    if (target === undefined) {
      put(visit, marker('missing', id));
      missing.add(id);
      return;
    }
    const object: OpenObject = { id, visit, joinsStart: joins.length, height: 0, tainted: false };
    open.push(object);
    onPath.add(id);
    tasks.push(object, { ...visit, value: target, depth });
  };

  const close = (object: OpenObject) => {
    open.pop();
    onPath.delete(object.id);
    const { container, key, pathLength } = object.visit;
    if (!object.tainted) {
      built.set(object.id, {
        value: (container as Record<PathSegment, unknown>)[key],
        height: object.height,
        joinsStart: object.joinsStart,
        joinsEnd: joins.length,
        pathLength,
      });
    }
    grow(object.height);
  };

  const copy = (visit: Visit) => {
    const { value } = visit;
    if (Array.isArray(value)) {
      const joined = joinChunks(value, lookup);
      if (joined) {
        const path = pathOf(visit.link);
        const { chunks, value: data } = joined;
        joins.push({ path, chunks, missing: joined.missing.length, length: data.length });
        for (const id of joined.missing) missing.add(id);
      }
      const source = joined ? joined.value : value;
      const array: unknown[] = new Array(source.length);
      put(visit, array);
      fill(visit, array, source.keys(), (index) => source[index]);
    } else if (typeof value === 'object' && value !== null) {
      const object: Record<string, unknown> = {};
      put(visit, object);
      const record = value as Record<string, unknown>;
      fill(visit, object, Object.keys(record), (key) => record[key]);
    } else {
      put(visit, value);
    }
  };

  // Plain values are copied at once; nested ones become tasks, queued so that they are built in
  // document order. Keys are written in order first so that the copy keeps the original key order.
  const fill = <K extends PathSegment>(
    parent: Visit,
    container: Container,
    keys: Iterable<K>,
    read: (key: K) => unknown,
  ) => {
    const nested: Visit[] = [];
    for (const key of keys) {
      const child = read(key);
      if (typeof child === 'object' && child !== null) {
        set(container, key, null);
        nested.push({
          value: child,
          container,
          key,
          link: extendPath(parent.link, key),
          pathLength: parent.pathLength + 1,
          depth: parent.depth,
        });
      } else {
        set(container, key, child);
      }
    }
    for (let i = nested.length - 1; i >= 0; i -= 1) tasks.push(nested[i] as Visit);
  };

  for (let task = tasks.pop(); task !== undefined; task = tasks.pop()) {
    if ('tainted' in task) close(task);
    else if (isReference(task.value)) resolve(task, task.value.referencedId);
    else copy(task);
  }
  return { value: holder.root, joins, missing: [...missing], cycles, depthLimited };
}

function put({ container, key }: Visit, value: unknown): void {
  set(container, key, value);
}

function set(container: Container, key: PathSegment, value: unknown): void {
  if (Array.isArray(container)) container[key as number] = value;
  // JSON.parse makes `__proto__` an own property; assigning it would set the prototype instead.
  else if (key === '__proto__') {
    Object.defineProperty(container, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else container[key] = value;
}
