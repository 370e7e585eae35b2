/**
 * "What is in this model": objects and bytes per `speckle_type`, how deep the closure goes, and
 * the largest objects. Works on the summaries the object set keeps while loading, so nothing is
 * parsed again.
 */
import { closureOf } from '../bytes/topLevelFields';
import { shortTypeName, typeChain } from './types';

export interface TypeTotals {
  speckleType: string;
  /** The short name (`RevitFloor`), longer only where two types in the set share it. */
  label: string;
  /** The inheritance chain, most general first, for hover text. */
  chain: string[];
  count: number;
  bytes: number;
}

/** An object as the received set indexes it: what a summary needs, without parsing it. */
interface SizedObject {
  id: string;
  speckleType: string;
  /** Size of the object's text in UTF-8 bytes. */
  bytes: number;
}

export const NO_TYPE_LABEL = '(no speckle_type)';

/** Totals per full `speckle_type`, most objects first (then most bytes, then by type). */
export function summarizeTypes(summaries: Iterable<SizedObject>): TypeTotals[] {
  const tally = new TypeTally();
  for (const summary of summaries) tally.add(summary);
  return tally.totals();
}

/**
 * summarizeTypes one object at a time, for a set that is still arriving: adding is a map update,
 * and `totals` costs about the number of distinct types (tens), not of objects.
 */
export class TypeTally {
  private readonly byType = new Map<string, { count: number; bytes: number }>();

  add({ speckleType, bytes }: SizedObject): void {
    const total = this.byType.get(speckleType);
    if (total) {
      total.count += 1;
      total.bytes += bytes;
    } else this.byType.set(speckleType, { count: 1, bytes });
  }

  totals(): TypeTotals[] {
    const labels = typeLabels([...this.byType.keys()]);
    return [...this.byType]
      .map(([speckleType, total]) => ({
        speckleType,
        label: labels.get(speckleType) as string,
        chain: typeChain(speckleType),
        ...total,
      }))
      .sort(
        (a, b) =>
          b.count - a.count ||
          b.bytes - a.bytes ||
          (a.speckleType < b.speckleType ? -1 : a.speckleType > b.speckleType ? 1 : 0),
      );
  }
}

/**
 * Short names, made longer where they would be ambiguous: first the most specific type's full
 * dotted name (two `Mesh` types become `Objects.Geometry.Mesh` and `Objects.Other.Mesh`), then the
 * whole chain.
 */
function typeLabels(types: readonly string[]): Map<string, string> {
  const candidates: Array<(type: string) => string> = [
    (type) => shortTypeName(type),
    (type) => typeChain(type).at(-1) ?? '',
    (type) => type,
  ];
  const uses = candidates.map((candidate) => {
    const counts = new Map<string, number>();
    for (const type of types) counts.set(candidate(type), (counts.get(candidate(type)) ?? 0) + 1);
    return counts;
  });
  const labels = new Map<string, string>();
  for (const type of types) {
    // The full type is unique among distinct types, so the search always ends there at the latest.
    const label =
      candidates
        .map((candidate) => candidate(type))
        .find((candidate, level) => uses[level]?.get(candidate) === 1) ?? type;
    labels.set(type, label === '' ? NO_TYPE_LABEL : label);
  }
  return labels;
}

export interface DepthCount {
  /** 1 = direct child of the root. */
  depth: number;
  /** Ids the closure lists at this depth. */
  count: number;
  /** How many of them arrived; null when not asked. */
  received: number | null;
}

/**
 * Descendants per depth from a root's `__closure` (id → minimum depth), shallowest first.
 * `has` tells which ids arrived, to show where the missing ones sit.
 */
export function depthDistribution(closure: unknown, has?: (id: string) => boolean): DepthCount[] {
  if (typeof closure !== 'object' || closure === null || Array.isArray(closure)) return [];
  const tally = new DepthTally(closureOf({ __closure: closure }), has !== undefined);
  if (has) for (const id of Object.keys(closure)) if (has(id)) tally.add(id);
  return tally.distribution();
}

/**
 * depthDistribution with received ids added one at a time as they arrive. Ids outside the closure
 * and ids at no valid depth are not counted.
 */
export class DepthTally {
  private readonly byDepth = new Map<number, DepthCount>();

  constructor(
    private readonly closure: ReadonlyMap<string, number>,
    countReceived = true,
  ) {
    for (const depth of closure.values()) {
      if (!Number.isInteger(depth) || depth < 0) continue;
      const entry = this.byDepth.get(depth);
      if (entry) entry.count += 1;
      else this.byDepth.set(depth, { depth, count: 1, received: countReceived ? 0 : null });
    }
  }

  /** Counts `id` as received; add each id once (ObjectSet.summaries holds each once). */
  add(id: string): void {
    const entry = this.byDepth.get(this.closure.get(id) as number);
    if (entry && entry.received !== null) entry.received += 1;
  }

  distribution(): DepthCount[] {
    return [...this.byDepth.values()]
      .map((entry) => ({ ...entry }))
      .sort((a, b) => a.depth - b.depth);
  }
}

/** The `n` largest objects by bytes, largest first (ties by id), in one pass without sorting all. */
export function largestObjects(summaries: Iterable<SizedObject>, n: number): SizedObject[] {
  const top = new LargestObjects(n);
  for (const summary of summaries) top.add(summary);
  return top.list();
}

/** largestObjects one object at a time: each add is a comparison, or a binary search when it fits. */
export class LargestObjects {
  private readonly top: SizedObject[] = [];

  constructor(private readonly n: number) {}

  add(summary: SizedObject): void {
    const { top, n } = this;
    if (n <= 0) return;
    const last = top.at(-1);
    if (top.length === n && last && !before(summary, last)) return;
    // Binary search for the place that keeps `top` ordered.
    let low = 0;
    let high = top.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(top[middle] as SizedObject, summary)) low = middle + 1;
      else high = middle;
    }
    top.splice(low, 0, summary);
    if (top.length > n) top.pop();
  }

  list(): SizedObject[] {
    return [...this.top];
  }
}

function before(a: SizedObject, b: SizedObject): boolean {
  return a.bytes > b.bytes || (a.bytes === b.bytes && a.id < b.id);
}
