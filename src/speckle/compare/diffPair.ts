/**
 * What changed between two matched objects, property by property, on their texts as received:
 * leaves are compared as the JSON text they were written as, so no number is ever rounded.
 *
 * Two kinds of difference are set apart from property changes:
 * - a reference whose target changed but stayed matched (`below`): every ancestor of a changed
 *   object gets a new id, and listing those as changes would bury the real ones;
 * - a chunked array (references to DataChunks): its chunks' data is joined and compared number by
 *   number, and summed up (`chunks`) rather than listed element by element.
 */
import { shortTypeName } from '../types';
import type { Path } from '../paths';
import { memberOf, readRawTree, referencedIdOf, stringOf, type RawValue } from './rawTree';

export type DiffOp =
  | { path: Path; op: 'add'; to: RawValue }
  | { path: Path; op: 'remove'; from: RawValue }
  | { path: Path; op: 'change'; from: RawValue; to: RawValue };

export interface BelowChange {
  path: Path;
  from: string;
  to: string;
}

export interface ChunksChange {
  path: Path;
  fromLength: number;
  toLength: number;
  /** Elements that differ, counting those only one side has. */
  differing: number;
  firstAt: number;
}

export interface PairDiff {
  /** `changedBelow`: the only differences are references to matched, changed objects. */
  kind: 'changed' | 'changedBelow' | 'identical';
  ops: DiffOp[];
  below: BelowChange[];
  chunks: ChunksChange[];
}

export interface DiffContext {
  /** The `to` object matched with the `from` object `id`, if any. */
  matchedTo(id: string): string | undefined;
  rawFrom(id: string): string | undefined;
  rawTo(id: string): string | undefined;
}

/** Top-level members that every changed object changes: its hash, and its descendants' ids. */
const DERIVED_MEMBERS = new Set(['id', '__closure']);

export function diffPair(fromText: string, toText: string, context: DiffContext): PairDiff {
  const diff: PairDiff = { kind: 'identical', ops: [], below: [], chunks: [] };
  const from = readRawTree(fromText);
  const to = readRawTree(toText);
  const stack: Step[] = [{ from: withoutDerived(from), to: withoutDerived(to), path: [] }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    if ('op' in step) {
      diff.ops.push(step);
      continue;
    }
    const next = compare(step, context, diff);
    // Pushed in reverse so that they come off the stack in document order.
    for (let i = next.length - 1; i >= 0; i -= 1) stack.push(next[i] as Step);
  }
  if (diff.ops.length > 0 || diff.chunks.length > 0) diff.kind = 'changed';
  else if (diff.below.length > 0) diff.kind = 'changedBelow';
  return diff;
}

/** Two values to compare at `path`, or a difference found, in document order. */
type Step = { from: RawValue; to: RawValue; path: Path } | DiffOp;

function withoutDerived(value: RawValue): RawValue {
  if (value.kind !== 'object') return value;
  const members = new Map([...value.members].filter(([key]) => !DERIVED_MEMBERS.has(key)));
  return { kind: 'object', members };
}

function compare(
  { from, to, path }: { from: RawValue; to: RawValue; path: Path },
  context: DiffContext,
  diff: PairDiff,
): Step[] {
  const fromId = referencedIdOf(from);
  const toId = referencedIdOf(to);
  if (fromId !== null && toId !== null) {
    if (fromId === toId) return [];
    if (context.matchedTo(fromId) === toId) {
      diff.below.push({ path, from: fromId, to: toId });
      return [];
    }
  }
  if (from.kind === 'array' && to.kind === 'array') {
    const chunks = compareChunks(from, to, path, context);
    if (chunks !== undefined) {
      if (chunks) diff.chunks.push(chunks);
      return [];
    }
    const steps: Step[] = [];
    const length = Math.max(from.items.length, to.items.length);
    for (let i = 0; i < length; i += 1) {
      const [a, b] = [from.items[i], to.items[i]];
      if (a && b) steps.push({ from: a, to: b, path: [...path, i] });
      else if (a) steps.push({ path: [...path, i], op: 'remove', from: a });
      else if (b) steps.push({ path: [...path, i], op: 'add', to: b });
    }
    return steps;
  }
  if (from.kind === 'object' && to.kind === 'object') {
    const steps: Step[] = [];
    for (const [key, value] of from.members) {
      const other = to.members.get(key);
      if (other === undefined) steps.push({ path: [...path, key], op: 'remove', from: value });
      else steps.push({ from: value, to: other, path: [...path, key] });
    }
    for (const [key, value] of to.members) {
      if (!from.members.has(key)) steps.push({ path: [...path, key], op: 'add', to: value });
    }
    return steps;
  }
  if (from.kind !== 'leaf' || to.kind !== 'leaf' || from.text !== to.text) {
    return [{ path, op: 'change', from, to }];
  }
  return [];
}

/**
 * Compares two chunked arrays by their joined data. Undefined when the arrays are not both chunked
 * (they are then compared as any arrays); null when the joined data is the same.
 */
function compareChunks(
  from: RawValue & { kind: 'array' },
  to: RawValue & { kind: 'array' },
  path: Path,
  context: DiffContext,
): ChunksChange | null | undefined {
  if (sameReferences(from, to)) return null;
  const fromData = joinedData(from, context.rawFrom);
  const toData = joinedData(to, context.rawTo);
  if (!fromData || !toData) return undefined;
  let differing = Math.abs(fromData.length - toData.length);
  let firstAt = differing > 0 ? Math.min(fromData.length, toData.length) : -1;
  const shared = Math.min(fromData.length, toData.length);
  for (let i = 0; i < shared; i += 1) {
    if (!sameText(fromData[i] as RawValue, toData[i] as RawValue)) {
      differing += 1;
      if (firstAt === -1 || i < firstAt) firstAt = i;
    }
  }
  if (differing === 0) return null;
  return { path, fromLength: fromData.length, toLength: toData.length, differing, firstAt };
}

/** The chunks' data end to end, or null when the array is not a list of DataChunk references. */
function joinedData(
  array: RawValue & { kind: 'array' },
  raw: (id: string) => string | undefined,
): RawValue[] | null {
  if (array.items.length === 0) return null;
  const joined: RawValue[] = [];
  for (const item of array.items) {
    const id = referencedIdOf(item);
    const text = id === null ? undefined : raw(id);
    if (text === undefined) return null;
    const chunk = readRawTree(text);
    const data = memberOf(chunk, 'data');
    if (shortTypeName(stringOf(memberOf(chunk, 'speckle_type'))) !== 'DataChunk') return null;
    if (data?.kind !== 'array') return null;
    for (const element of data.items) joined.push(element);
  }
  return joined;
}

function sameReferences(from: RawValue & { kind: 'array' }, to: RawValue & { kind: 'array' }) {
  return (
    from.items.length === to.items.length &&
    from.items.every((item, i) => {
      const id = referencedIdOf(item);
      return id !== null && id === referencedIdOf(to.items[i]);
    })
  );
}

function sameText(a: RawValue, b: RawValue): boolean {
  if (a.kind === 'leaf' || b.kind === 'leaf') {
    return a.kind === 'leaf' && b.kind === 'leaf' && a.text === b.text;
  }
  return JSON.stringify(toTexts(a)) === JSON.stringify(toTexts(b));
}

function toTexts(value: RawValue): unknown {
  if (value.kind === 'leaf') return value.text;
  if (value.kind === 'array') return value.items.map(toTexts);
  return [...value.members].map(([key, member]) => [key, toTexts(member)]);
}
