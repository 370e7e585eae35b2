/**
 * What changed between two matched objects, property by property, on their texts as received:
 * leaves are compared as the JSON text they were written as, so no number is ever rounded.
 *
 * Two kinds of difference are set apart from property changes:
 * - a reference whose target changed but stayed matched (`below`): every ancestor of a changed
 *   object gets a new id, and listing those as changes would bury the real ones;
 * - a chunked array (references to DataChunks): its chunks' data is joined and compared number by
 *   number, and summed up (`chunks`) rather than listed element by element.
 *
 * The two texts are compared part by part (ownMembers.ts), without building trees: parts whose
 * texts are equal are equal, and only the values of a difference found are read as trees. A
 * changed element of a model usually differs in one parameter among dozens.
 */
import { isDataChunkType } from '../../../speckle/types';
import type { Path } from '../../../speckle/paths';
import { itemsOf, membersOf, ownMembers, referencedIdIn, stringValue } from './ownMembers';
import { rawText, readRawTree, type RawValue } from './rawTree';

export type DiffOp =
  | { path: Path; op: 'add'; to: RawValue }
  | { path: Path; op: 'remove'; from: RawValue }
  | { path: Path; op: 'change'; from: RawValue; to: RawValue };

interface BelowChange {
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
  /**
   * The text of the `from` object `id` when it may be a DataChunk: undefined when it is not here,
   * or when what is known of it without reading it (its indexed type) says it is none.
   */
  chunkFrom(id: string): string | undefined;
  chunkTo(id: string): string | undefined;
}

export function diffPair(fromText: string, toText: string, context: DiffContext): PairDiff {
  const diff: PairDiff = { kind: 'identical', ops: [], below: [], chunks: [] };
  const stack: Step[] = [{ from: fromText, to: toText, path: [] }];
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

/** Two values' texts to compare at `path`, or a difference found, in document order. */
type Step = { from: string; to: string; path: Path } | DiffOp;

function compare(
  { from, to, path }: { from: string; to: string; path: Path },
  context: DiffContext,
  diff: PairDiff,
): Step[] {
  if (from === to) return [];
  if (from.startsWith('{') && to.startsWith('{')) {
    // The object's own `id` and `__closure` change with any change below it: they are left out.
    const members = path.length === 0 ? ownMembers : membersOf;
    const fromMembers = members(from);
    const toMembers = members(to);
    if (fromMembers && toMembers)
      return compareMembers(fromMembers, toMembers, path, context, diff);
  }
  if (from.startsWith('[') && to.startsWith('[')) {
    const fromItems = itemsOf(from);
    const toItems = itemsOf(to);
    if (fromItems && toItems) return compareItems(fromItems, toItems, path, context, diff);
  }
  const [a, b] = [readRawTree(from), readRawTree(to)];
  // Texts that differ only in their white space are the same value.
  return a.kind === 'leaf' && b.kind === 'leaf' && a.text === b.text
    ? []
    : [{ path, op: 'change', from: a, to: b }];
}

function compareMembers(
  from: Map<string, string>,
  to: Map<string, string>,
  path: Path,
  context: DiffContext,
  diff: PairDiff,
): Step[] {
  const fromId = stringValue(from.get('referencedId'));
  const toId = stringValue(to.get('referencedId'));
  if (fromId !== null && toId !== null) {
    if (fromId === toId) return [];
    if (context.matchedTo(fromId) === toId) {
      diff.below.push({ path, from: fromId, to: toId });
      return [];
    }
  }
  const steps: Step[] = [];
  for (const [key, value] of from) {
    const other = to.get(key);
    if (other === undefined) {
      steps.push({ path: [...path, key], op: 'remove', from: readRawTree(value) });
    } else steps.push({ from: value, to: other, path: [...path, key] });
  }
  for (const [key, value] of to) {
    if (!from.has(key)) steps.push({ path: [...path, key], op: 'add', to: readRawTree(value) });
  }
  return steps;
}

function compareItems(
  from: readonly string[],
  to: readonly string[],
  path: Path,
  context: DiffContext,
  diff: PairDiff,
): Step[] {
  const chunks = compareChunks(from, to, path, context);
  if (chunks !== undefined) {
    if (chunks) diff.chunks.push(chunks);
    return [];
  }
  const steps: Step[] = [];
  for (let i = 0; i < Math.max(from.length, to.length); i += 1) {
    const [a, b] = [from[i], to[i]];
    if (a !== undefined && b !== undefined) steps.push({ from: a, to: b, path: [...path, i] });
    else if (a !== undefined)
      steps.push({ path: [...path, i], op: 'remove', from: readRawTree(a) });
    else if (b !== undefined) steps.push({ path: [...path, i], op: 'add', to: readRawTree(b) });
  }
  return steps;
}

/**
 * Compares two chunked arrays by their joined data. Undefined when the arrays are not both chunked
 * (they are then compared as any arrays); null when the joined data is the same.
 */
function compareChunks(
  from: readonly string[],
  to: readonly string[],
  path: Path,
  context: DiffContext,
): ChunksChange | null | undefined {
  if (sameReferences(from, to)) return null;
  const fromData = joinedData(from, context.chunkFrom);
  const toData = joinedData(to, context.chunkTo);
  if (!fromData || !toData) return undefined;
  let differing = Math.abs(fromData.length - toData.length);
  let firstAt = differing > 0 ? Math.min(fromData.length, toData.length) : -1;
  const shared = Math.min(fromData.length, toData.length);
  for (let i = 0; i < shared; i += 1) {
    if (!sameValue(fromData[i] as string, toData[i] as string)) {
      differing += 1;
      if (firstAt === -1 || i < firstAt) firstAt = i;
    }
  }
  if (differing === 0) return null;
  return { path, fromLength: fromData.length, toLength: toData.length, differing, firstAt };
}

/**
 * The chunks' data end to end, each element's text, or null when the array is not a list of
 * DataChunk references.
 */
function joinedData(
  items: readonly string[],
  chunk: (id: string) => string | undefined,
): string[] | null {
  if (items.length === 0) return null;
  const joined: string[] = [];
  for (const item of items) {
    const id = referencedIdIn(item);
    const text = id === null ? undefined : chunk(id);
    const members = text === undefined ? null : ownMembers(text);
    if (!isDataChunkType(stringValue(members?.get('speckle_type')))) return null;
    const data = itemsOf(members?.get('data') ?? '');
    if (!data) return null;
    for (const element of data) joined.push(element);
  }
  return joined;
}

function sameReferences(from: readonly string[], to: readonly string[]) {
  return (
    from.length === to.length &&
    from.every((item, i) => {
      const id = referencedIdIn(item);
      return id !== null && id === referencedIdIn(to[i] as string);
    })
  );
}

/** Whether two values' texts are the same value: equal but for white space outside strings. */
function sameValue(a: string, b: string): boolean {
  return a === b || rawText(readRawTree(a)) === rawText(readRawTree(b));
}
