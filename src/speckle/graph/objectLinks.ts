/**
 * Who points at which object, across a whole set: by `referencedId`, by `__closure`, and by
 * `applicationId` through proxies (proxies.ts) and instances. Built once per set from each
 * object's UTF-8 bytes, off the main thread: references and closures are read from the bytes
 * without parsing, and only the few objects that may hold proxies or name a definition are parsed.
 *
 * Every id seen is numbered once, from its bytes (a million closure entries are then numbers, and
 * no string is made for an id until a lookup names it), edges are kept as flat arrays of numbers
 * while objects are added (a target may come after the objects that name it), and sorted by
 * target once at the end, so that a lookup reads one run of them.
 */
import { IdNumberMap } from '../../bytes/idNumberMap';
import { BACKSLASH, isKeyAt, stringEnd } from '../../bytes/jsonBytes';
import { closureEntries, topLevelStringSpan } from '../../bytes/topLevelFields';
import { decodeSpan } from '../../bytes/utf8Text';
import { runNow } from '../../lib/slices';
import type { Path } from '../paths';
import {
  appliedTo,
  definitionFor,
  definitionIdOf,
  describeValue,
  readProxy,
  readProxyLists,
  resolveNamed,
  type DetachedProxy,
  type NamedObject,
  type ProxyEntry,
  type ProxyKind,
} from './proxies';
import { isReference, referencedIdAt } from '../references';
import { KEY_KIND, keyMarker } from './linkKeys';

/** How one object points at another; an object may point in several ways at once. */
export const LINK_BY = { reference: 1, closure: 2, proxy: 4, instance: 8 } as const;

export interface Referrer {
  id: string;
  /** LINK_BY flags. */
  by: number;
}

export interface ProxyView {
  kind: ProxyKind;
  holder: string;
  path: Path;
  /** Its place in its root list. */
  order: number;
  name: string | null;
  value: string;
  /** The value's own object when it is detached, else its place in the holder. */
  valueAt: { id: string; path: Path };
  ignored: string | null;
}

export interface AppliedView extends ProxyView {
  overridden: boolean;
}

export interface NamedByProxy extends ProxyView {
  named: NamedObject[];
  missing: number;
}

export interface ObjectLinks {
  referrers: Referrer[];
  applied: AppliedView[];
  /** For an instance: the definition it names (null: none has that applicationId) and its objects. */
  instance: { definitionId: string; definition: NamedByProxy | null } | null;
  /** The proxies the object holds (a root's lists) or is (a detached proxy). */
  proxies: NamedByProxy[];
}

const encoder = new TextEncoder();
const APPLICATION_ID_KEY = encoder.encode('"applicationId"');
const CLOSURE_KEY = encoder.encode('"__closure"');

export class ObjectLinksBuilder {
  /** Every id seen, an object's or a target's, numbered as first seen: edges hold numbers. */
  private readonly ids = new IdNumberMap();
  /** 1 for the numbers of the objects added. */
  private added = new Uint8Array(1024);
  private count = 0;
  private readonly applicationIds = new Map<string, number[]>();
  private readonly applicationIdOf = new Map<number, string>();
  private readonly sources: number[] = [];
  private readonly targets: number[] = [];
  private readonly kinds: number[] = [];
  private readonly proxies: ProxyEntry[] = [];
  private readonly detached: DetachedProxy[] = [];
  private readonly detachedValues = new Map<string, unknown>();
  private readonly definitionIdOf = new Map<number, string>();
  private readonly markKeys = keyMarker();
  /** Where the closures of the object being added go: edges from `source`. */
  private source = 0;
  private readonly closure = {
    set: (id: string) => this.edge(this.source, this.ids.add(id), LINK_BY.closure),
    setBytes: (text: Uint8Array, from: number, to: number) =>
      this.edge(this.source, this.ids.addBytes(text, from, to), LINK_BY.closure),
  };

  /** Adds an object, each once, by its id and its text's UTF-8 bytes. */
  add(id: string, text: Uint8Array): void {
    const source = this.ids.add(id);
    if (source >= this.added.length) {
      const added = new Uint8Array(this.added.length * 2);
      added.set(this.added);
      this.added = added;
    }
    if (this.added[source] === 1) return;
    this.added[source] = 1;
    this.count += 1;
    const marks = this.markKeys(text);
    // References first, then closures, each in the text's order: ids are numbered as first seen.
    let hasApplicationId = false;
    let mayHoldProxies = false;
    for (let index = 0; index < marks.length; index += 1) {
      const mark = marks[index]!;
      const kind = mark & 3;
      if (kind === KEY_KIND.reference) this.readReference(source, text, mark >> 2);
      else if (kind === KEY_KIND.applicationId) hasApplicationId = true;
      else if (kind === KEY_KIND.proxy) mayHoldProxies = true;
    }
    for (let index = 0; index < marks.length; index += 1) {
      const mark = marks[index]!;
      if ((mark & 3) === KEY_KIND.closure) this.readClosure(source, text, mark >> 2);
    }
    // Only the object's own applicationId, as the model doctor reads them (its identity.ts says
    // why); an empty one is none, as the viewer's `!applicationId` takes it.
    if (hasApplicationId) {
      const span = topLevelStringSpan(text, APPLICATION_ID_KEY);
      if (span && span.to > span.from) {
        this.withApplicationId(decodeSpan(text, span.from, span.to), source);
      }
    }
    if (mayHoldProxies) this.readProxies(id, text);
  }

  /** An edge to the id a `referencedId` key at `at` names, if it is a key. */
  private readReference(source: number, text: Uint8Array, at: number): void {
    const open = referencedIdAt(text, at);
    const close = open === -1 ? -1 : stringEnd(text, open);
    if (close === -1) return;
    // Ids are plain hex; anything escaped goes through the full string parser, quotes included.
    const target = text.subarray(open + 1, close).includes(BACKSLASH)
      ? this.ids.add(JSON.parse(decodeSpan(text, open, close + 1)) as string)
      : this.ids.addBytes(text, open + 1, close);
    this.edge(source, target, LINK_BY.reference);
  }

  /**
   * Edges to the ids of the `__closure` whose key is at `at`, if it is a key. Every closure in the
   * text is read, forwards: a nested reference's closure lists descendants of the object too, and
   * reading the object's own backwards from its end went over most of every mesh (seconds for
   * 100,000 objects).
   */
  private readClosure(source: number, text: Uint8Array, at: number): void {
    const afterKey = at + CLOSURE_KEY.length;
    if (!isKeyAt(text, at, afterKey)) return;
    this.source = source;
    runNow(closureEntries(text, afterKey, this.closure));
  }

  /** The index of every object added. */
  finish(): ObjectLinksIndex {
    for (const { kind, order, id } of this.detached) {
      const proxy = readProxy(this.detachedValues.get(id), kind, id, [], order);
      if (proxy) this.proxies.push(proxy);
    }
    this.detachedValues.clear();
    for (const proxy of this.proxies) {
      const holder = this.ids.entry(proxy.holder);
      for (const target of this.namedIds(proxy.targets)) this.edge(holder, target, LINK_BY.proxy);
    }
    for (const [source, definitionId] of this.definitionIdOf) {
      for (const target of this.objectsWith(definitionId)) {
        this.edge(source, target, LINK_BY.instance);
      }
      const definition = definitionFor(definitionId, this.proxies);
      for (const target of this.namedIds(definition?.targets ?? [])) {
        this.edge(source, target, LINK_BY.instance);
      }
    }
    return new ObjectLinksIndex({
      ids: this.ids,
      count: this.count,
      applicationIds: this.applicationIds,
      applicationIdOf: this.applicationIdOf,
      definitionIdOf: this.definitionIdOf,
      proxies: this.proxies,
      runs: byTarget(this.ids.size, this.sources, this.targets, this.kinds),
    });
  }

  private edge(source: number, target: number, kind: number): void {
    this.sources.push(source);
    this.targets.push(target);
    this.kinds.push(kind);
  }

  private withApplicationId(applicationId: string, source: number): void {
    this.applicationIdOf.set(source, applicationId);
    const holders = this.applicationIds.get(applicationId);
    if (holders) holders.push(source);
    else this.applicationIds.set(applicationId, [source]);
  }

  private objectsWith(applicationId: string): readonly number[] {
    return this.applicationIds.get(applicationId) ?? [];
  }

  private namedIds(targets: readonly string[]): number[] {
    return targets.flatMap((target) => this.objectsWith(target));
  }

  private readProxies(id: string, text: Uint8Array): void {
    let value: unknown;
    try {
      value = JSON.parse(decodeSpan(text, 0, text.length));
    } catch {
      return;
    }
    const { proxies, detached } = readProxyLists(value, id);
    for (const proxy of proxies) this.proxies.push(proxy);
    for (const proxy of detached) this.detached.push(proxy);
    const definitionId = definitionIdOf(value);
    if (definitionId !== null) this.definitionIdOf.set(this.ids.entry(id), definitionId);
    // A detached proxy's kind is its list's, which may come later: kept until every list is read.
    if (namesObjects(value)) this.detachedValues.set(id, value);
  }
}

function namesObjects(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return Array.isArray(fields.objects ?? fields.Objects);
}

interface TargetRuns {
  /** For target place p, its edges are at [starts[p], starts[p + 1]). */
  starts: Int32Array;
  sources: Int32Array;
  kinds: Uint8Array;
}

function byTarget(
  size: number,
  sources: readonly number[],
  targets: readonly number[],
  kinds: readonly number[],
): TargetRuns {
  const starts = new Int32Array(size + 1);
  for (const target of targets) starts[target + 1]! += 1;
  for (let place = 0; place < size; place += 1) starts[place + 1]! += starts[place]!;
  const filled = starts.slice(0, size);
  const runSources = new Int32Array(targets.length);
  const runKinds = new Uint8Array(targets.length);
  for (let edge = 0; edge < targets.length; edge += 1) {
    const place = targets[edge]!;
    const at = filled[place]!;
    filled[place] = at + 1;
    runSources[at] = sources[edge]!;
    runKinds[at] = kinds[edge]!;
  }
  return { starts, sources: runSources, kinds: runKinds };
}

interface IndexParts {
  /** Every id seen, by number: the objects' and the targets' that did not arrive. */
  ids: IdNumberMap;
  /** How many objects were added. */
  count: number;
  applicationIds: ReadonlyMap<string, readonly number[]>;
  applicationIdOf: ReadonlyMap<number, string>;
  definitionIdOf: ReadonlyMap<number, string>;
  proxies: readonly ProxyEntry[];
  runs: TargetRuns;
}

export class ObjectLinksIndex {
  constructor(private readonly parts: IndexParts) {}

  get size(): number {
    return this.parts.count;
  }

  /** The objects that have `applicationId`. */
  objectsWith = (applicationId: string): string[] => {
    const { applicationIds, ids } = this.parts;
    return (applicationIds.get(applicationId) ?? []).map((place) => ids.idAt(place));
  };

  /**
   * The objects that point at `id`, each once with every way it does, in the order their ids were
   * first seen; for an id that did not arrive too.
   */
  referrers(id: string): Referrer[] {
    const place = this.parts.ids.entry(id);
    if (place === -1) return [];
    const { starts, sources, kinds } = this.parts.runs;
    const ways = new Map<number, number>();
    for (let edge = starts[place]!; edge < starts[place + 1]!; edge += 1) {
      const source = sources[edge]!;
      if (source !== place) ways.set(source, (ways.get(source) ?? 0) | kinds[edge]!);
    }
    return [...ways]
      .sort(([a], [b]) => a - b)
      .map(([source, by]) => ({ id: this.parts.ids.idAt(source), by }));
  }

  /** Everything the set says about `id` through links: who points at it, what applies to it. */
  about(id: string): ObjectLinks {
    const { ids, proxies, applicationIdOf, definitionIdOf } = this.parts;
    const place = ids.entry(id);
    const applicationId = applicationIdOf.get(place);
    const applied =
      applicationId === undefined
        ? []
        : appliedTo(applicationId, proxies).map(({ proxy, overridden }) => ({
            ...viewOf(proxy),
            overridden,
          }));
    const definitionId = definitionIdOf.get(place) ?? null;
    const definition = definitionId === null ? null : definitionFor(definitionId, proxies);
    return {
      referrers: this.referrers(id),
      applied,
      instance:
        definitionId === null
          ? null
          : { definitionId, definition: definition && this.namedBy(definition) },
      proxies: proxies.filter((proxy) => proxy.holder === id).map((proxy) => this.namedBy(proxy)),
    };
  }

  private namedBy(proxy: ProxyEntry): NamedByProxy {
    const named = resolveNamed(proxy.targets, this.objectsWith);
    const missing = named.filter(({ ids }) => ids.length === 0).length;
    return { ...viewOf(proxy), named, missing };
  }
}

function viewOf(proxy: ProxyEntry): ProxyView {
  const { kind, holder, path, order, name, ignored, value } = proxy;
  const valueAt = isReference(value)
    ? { id: value.referencedId, path: [] }
    : { id: holder, path: [...path, 'value'] };
  return { kind, holder, path, order, name, ignored, value: describeValue(proxy), valueAt };
}
