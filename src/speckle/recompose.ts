/**
 * Rebuilds whole trees from the steps of resolve.ts: `recomposeValue` builds the whole tree below
 * any value the recomposed view shows (what it copies), and `recompose` below an object, with an
 * explicit stack (a chain of 10,000 references must not overflow the call stack). Downloads run the
 * same engine in steps (`recomposeSteps`), which the page takes in slices: a whole model takes
 * seconds.
 *
 * Chunks are joined whatever the depth, as part of the object that names them. A chunk is still a
 * detached object: references in its `data` (chunked lists of objects) sit one level deeper than
 * the array that named it, with the chunk as their ancestor.
 */
import { settled } from '../bytes/lazyObject';
import { extendPath, pathOf, type Path, type PathLink, type PathSegment } from './paths';
import { isReference } from './references';
import { joinChunks, marker, type ChunkPart, type JoinedChunks, type Lookup } from './resolve';

/**
 * References followed below the root by default. Real closures go about 10 deep; each level adds a
 * few levels of JSON nesting, and V8's JSON.stringify overflows its stack at a few thousand.
 */
export const DEFAULT_MAX_DEPTH = 100;

interface RecomposeOptions {
  /** How many references deep below the root to resolve; 0 keeps only the root. */
  maxDepth?: number;
}

interface ChunkJoin {
  /** Where the joined array sits in the recomposed value. */
  path: Path;
  chunks: number;
  missing: number;
  /** Elements in the joined array. */
  length: number;
}

interface Recomposition {
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

/** A value to copy into `container[key]`. */
interface Visit {
  kind: 'visit';
  value: unknown;
  container: Container;
  key: PathSegment;
  link: PathLink | null;
  pathLength: number;
  /** References followed from the root to the object that holds this value. */
  depth: number;
}

/** A detached object (or a chunk) on the path from the root to what is being built. */
interface OpenObject {
  id: string;
  /** Where it is built; null for a chunk, whose data is spread into the array that named it. */
  slot: Visit | null;
  joinsStart: number;
  /** References below this object's deepest descendant. */
  height: number;
  /** Holds a cycle or depth marker, so it depends on where it was reached and cannot be reused. */
  tainted: boolean;
}

type Task = Visit | { kind: 'enter'; object: OpenObject } | { kind: 'exit'; object: OpenObject };

interface Built {
  value: unknown;
  height: number;
  joinsStart: number;
  joinsEnd: number;
  pathLength: number;
}

/** The whole tree below `rootId`; views and exports recompose a value (recomposeValue). */
export function recompose(
  rootId: string,
  lookup: Lookup,
  options: RecomposeOptions = {},
): Recomposition {
  return recomposeValue({ referencedId: rootId }, lookup, options);
}

interface ValueRecomposeOptions extends RecomposeOptions {
  /**
   * Ids of the objects on the path from the root down to the value, the root first, as the
   * recomposed view knows them: a reference back to one is a cycle, and each counts as a level
   * towards `maxDepth`. None for a value that stands alone (a reference to the root, in recompose).
   */
  ancestors?: readonly string[];
}

/**
 * The whole tree below `value`, for a part of an object that the recomposed view shows: what a
 * person sees there, written out. Containers kept as text (DeferredJson) are read as their values.
 */
export function recomposeValue(
  value: unknown,
  lookup: Lookup,
  options: ValueRecomposeOptions = {},
): Recomposition {
  const steps = recomposeSteps(value, lookup, options);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** Copying a value or a reference counts 1; looking an object up (a parse) counts this much. */
const LOOKUP_WORK = 64;
const WORK_PER_STEP = 256;

/**
 * recomposeValue as a generator that yields every few hundred values copied or few objects looked
 * up: recomposing a model parses all of it, seconds of work that the page must do in slices.
 */
export function* recomposeSteps(
  start: unknown,
  lookup: Lookup,
  options: ValueRecomposeOptions = {},
): Generator<void, Recomposition, void> {
  const recomposer = new Recomposer(start, lookup, options);
  while (recomposer.work(WORK_PER_STEP)) yield;
  return recomposer.result();
}

/**
 * The state of one recomposition: a stack of tasks in document order, the detached objects open
 * on the path being built, and what was built already, so that an object referenced from several
 * places is built once.
 */
class Recomposer {
  private readonly tasks: Task[];
  private readonly holder: Record<string, unknown> = {};
  private readonly joins: ChunkJoin[] = [];
  private readonly missing = new Set<string>();
  private cycles = 0;
  private depthLimited = 0;
  private readonly built = new Map<string, Built>();
  private readonly open: OpenObject[] = [];
  private readonly onPath: Set<string>;
  private readonly maxDepth: number;
  /** Work done in the current step; a lookup (a parse) counts LOOKUP_WORK. */
  private done = 0;

  constructor(
    start: unknown,
    private readonly parsedLookup: Lookup,
    options: ValueRecomposeOptions,
  ) {
    const ancestors = options.ancestors ?? [];
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.onPath = new Set(ancestors);
    this.tasks = [
      {
        kind: 'visit',
        value: start,
        container: this.holder,
        key: 'root',
        link: null,
        pathLength: 0,
        // The root is level 0: a value inside it is one level below the deepest of its ancestors.
        depth: ancestors.length - 1,
      },
    ];
  }

  /** Runs tasks until about `budget` work is done; false once none are left. */
  work(budget: number): boolean {
    this.done = 0;
    for (let task = this.tasks.pop(); task !== undefined; task = this.tasks.pop()) {
      if (task.kind === 'enter') this.enter(task.object);
      else if (task.kind === 'exit') this.exit(task.object);
      else if (isReference(task.value)) this.resolve(task, task.value.referencedId);
      else this.copy(task);
      this.done += 1;
      if (this.done >= budget) return this.tasks.length > 0;
    }
    return false;
  }

  result(): Recomposition {
    const { holder, joins, missing, cycles, depthLimited } = this;
    return { value: holder.root, joins, missing: [...missing], cycles, depthLimited };
  }

  private readonly lookup: Lookup = (id) => {
    this.done += LOOKUP_WORK;
    return this.parsedLookup(id);
  };

  private taint(): void {
    for (let i = this.open.length - 1; i >= 0; i -= 1) {
      const object = this.open[i] as OpenObject;
      // Tainted objects always form the bottom of the stack, so the first one ends the walk.
      if (object.tainted) break;
      object.tainted = true;
    }
  }

  private grow(height: number): void {
    const parent = this.open.at(-1);
    if (parent) parent.height = Math.max(parent.height, height + 1);
  }

  private enter(object: OpenObject): void {
    this.open.push(object);
    this.onPath.add(object.id);
  }

  private exit(object: OpenObject): void {
    this.open.pop();
    this.onPath.delete(object.id);
    const { slot } = object;
    if (slot && !object.tainted) {
      this.built.set(object.id, {
        value: (slot.container as Record<PathSegment, unknown>)[slot.key],
        height: object.height,
        joinsStart: object.joinsStart,
        joinsEnd: this.joins.length,
        pathLength: slot.pathLength,
      });
    }
    this.grow(object.height);
  }

  private resolve(visit: Visit, id: string): void {
    if (this.onPath.has(id)) {
      put(visit, marker('cycle', id));
      this.cycles += 1;
      this.taint();
      return;
    }
    const depth = visit.depth + 1;
    if (depth > this.maxDepth) {
      put(visit, marker('depthLimit', id));
      this.depthLimited += 1;
      this.taint();
      return;
    }
    const known = this.built.get(id);
    if (known && depth + known.height <= this.maxDepth) {
      put(visit, known.value);
      const prefix = pathOf(visit.link);
      for (let i = known.joinsStart; i < known.joinsEnd; i += 1) {
        const join = this.joins[i] as ChunkJoin;
        this.joins.push({ ...join, path: [...prefix, ...join.path.slice(known.pathLength)] });
      }
      this.grow(known.height);
      return;
    }
    const target = this.lookup(id);
    if (target === undefined) {
      put(visit, marker('missing', id));
      this.missing.add(id);
      // It takes a level all the same: where the parent is reused deeper, it becomes a depth marker.
      this.grow(0);
      return;
    }
    const object: OpenObject = {
      id,
      slot: visit,
      joinsStart: this.joins.length,
      height: 0,
      tainted: false,
    };
    this.enter(object);
    this.tasks.push({ kind: 'exit', object }, { ...visit, value: target, depth });
  }

  // Last first, so that they come off the stack in document order. A loop, not push(...): a
  // collection can hold 100,000 elements.
  private schedule(nested: readonly Task[]): void {
    for (let i = nested.length - 1; i >= 0; i -= 1) this.tasks.push(nested[i] as Task);
  }

  private copyJoined(visit: Visit, joined: JoinedChunks): void {
    const path = pathOf(visit.link);
    const { chunks, value: data } = joined;
    this.joins.push({ path, chunks, missing: joined.missing.length, length: data.length });
    for (const id of joined.missing) this.missing.add(id);
    const array: unknown[] = new Array(data.length);
    put(visit, array);
    // Pushed last part first, so that the parts are built in order.
    for (let p = joined.parts.length - 1; p >= 0; p -= 1) {
      const { kind, id, start, length } = joined.parts[p] as ChunkPart;
      if (kind === 'cycle') {
        this.cycles += 1;
        this.taint();
      }
      const fromChunk = kind === 'chunk' && id !== null;
      const read = (index: number) => data[index];
      const depth = fromChunk ? visit.depth + 1 : visit.depth;
      const nested = fill(visit, array, range(start, start + length), read, depth);
      if (nested.length === 0) continue;
      if (fromChunk) {
        // A chunk holding nested values (chunked lists of objects do): it is their ancestor.
        const object: OpenObject = { id, slot: null, joinsStart: 0, height: 0, tainted: false };
        this.tasks.push({ kind: 'exit', object });
        this.schedule(nested);
        this.tasks.push({ kind: 'enter', object });
      } else this.schedule(nested);
    }
  }

  private copy(visit: Visit): void {
    const value = settled(visit.value);
    if (Array.isArray(value)) {
      const joined = joinChunks(value, this.lookup, this.onPath);
      if (joined) {
        this.copyJoined(visit, joined);
        return;
      }
      const array: unknown[] = new Array(value.length);
      put(visit, array);
      this.schedule(
        fill(visit, array, value.keys(), (index) => value[index] as unknown, visit.depth),
      );
    } else if (typeof value === 'object' && value !== null) {
      const object: Record<string, unknown> = {};
      put(visit, object);
      const record = value as Record<string, unknown>;
      this.schedule(fill(visit, object, Object.keys(record), (key) => record[key], visit.depth));
    } else {
      put(visit, value);
    }
  }
}

/**
 * Copies plain values at once and returns the nested ones as visits, so that they are built in
 * document order. Keys are written in order first so that the copy keeps the original key order.
 */
function fill<K extends PathSegment>(
  parent: Visit,
  container: Container,
  keys: Iterable<K>,
  read: (key: K) => unknown,
  depth: number,
): Visit[] {
  const nested: Visit[] = [];
  for (const key of keys) {
    const child = read(key);
    if (typeof child === 'object' && child !== null) {
      set(container, key, null);
      nested.push({
        kind: 'visit',
        value: child,
        container,
        key,
        link: extendPath(parent.link, key),
        pathLength: parent.pathLength + 1,
        depth,
      });
    } else set(container, key, child);
  }
  return nested;
}

function* range(start: number, end: number): Generator<number> {
  for (let i = start; i < end; i += 1) yield i;
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
