/**
 * Two versions compared: the matching, every matched pair's difference, and the counts a person
 * reads first, by kind of change and by `speckle_type`. Run in steps (a generator), so that a page
 * can compare two large models in slices; only the objects whose ids differ are read.
 *
 * DataChunks matched through their parent are part of that parent's chunked array, whose joined
 * data the parent's difference sums up: they are not counted again on their own.
 */
import { runNow } from '../../../lib/slices';
import { isDataChunkType } from '../../../speckle/types';
import { diffPair, type DiffContext, type PairDiff } from './diffPair';
import {
  matchSteps,
  type CompareSide,
  type MatchedPair,
  type Matching,
  type MatchPhase,
} from './matchVersions';

export type ChangeKind = 'added' | 'removed' | 'changed' | 'changedBelow';

export interface ComparedPair extends MatchedPair {
  diff: PairDiff;
}

interface KindTotals {
  count: number;
  bytes: number;
}

interface TypeChanges {
  speckleType: string;
  kinds: Record<ChangeKind, KindTotals>;
}

/** One object that differs, as a list of changes shows it. */
export interface Change {
  kind: ChangeKind;
  /** The object's id on the side that has it (`to` for a pair). */
  id: string;
  side: 'from' | 'to';
  speckleType: string;
  pair: ComparedPair | null;
}

export interface Comparison {
  matching: Matching;
  /** The pairs that differ, chunks joined into their parents left out. */
  pairs: ComparedPair[];
  counts: Record<ChangeKind | 'unchanged', number>;
  /** Most changes first. */
  byType: TypeChanges[];
  /** Every object that differs: the pairs, then the added, then the removed. */
  changes: Change[];
}

/** What the comparison needs of each side besides matching: an object's indexed type and size. */
export interface SummarisedSide extends CompareSide {
  summary(id: string): { speckleType: string; bytes: number } | undefined;
}

/** What a step was doing (see MatchPhase): diffing pairs, or counting the changes by type. */
type ComparePhase = MatchPhase | 'diffs' | 'summary';

/** Pairs or changes counted between yields. */
const CHANGES_PER_STEP = 1_000;

export function* compareSteps(
  from: SummarisedSide,
  to: SummarisedSide,
): Generator<ComparePhase, Comparison, void> {
  const matching = yield* matchSteps(from, to);
  const matched = new Map<string, string>();
  for (const [index, pair] of matching.pairs.entries()) {
    matched.set(pair.from, pair.to);
    if (index % CHANGES_PER_STEP === CHANGES_PER_STEP - 1) yield 'diffs';
  }
  const context = {
    matchedTo: (id: string) => matched.get(id),
    // The first item of a list of elements is no chunk: its indexed type says so unread.
    chunkFrom: (id: string) =>
      isDataChunkType(from.summary(id)?.speckleType) ? from.raw(id) : undefined,
    chunkTo: (id: string) =>
      isDataChunkType(to.summary(id)?.speckleType) ? to.raw(id) : undefined,
  };
  const pairs: ComparedPair[] = [];
  // Only the hash and the descendants' ids differ: nothing a person would call a change.
  let identical = 0;
  const unreadable = { from: [...matching.unreadable.from], to: [...matching.unreadable.to] };
  for (const pair of matching.pairs) {
    if (pair.via === 'parent' && isDataChunkType(pair.speckleType)) continue;
    // One pair a step: a pair's two objects may be large.
    const diff = diffOrNull(from.raw(pair.from) ?? '', to.raw(pair.to) ?? '', context);
    if (diff === null) {
      unreadable.from.push(pair.from);
      unreadable.to.push(pair.to);
    } else if (diff.kind === 'identical') identical += 1;
    else pairs.push({ ...pair, diff });
    yield 'diffs';
  }
  return yield* summarise({ ...matching, unreadable }, pairs, identical, from, to);
}

/**
 * The pair's difference; null when a part that differs is not JSON. Matching reads only the parts
 * it needs, so such a text is found here, and the pair kept apart as unreadable.
 */
function diffOrNull(fromText: string, toText: string, context: DiffContext): PairDiff | null {
  try {
    return diffPair(fromText, toText, context);
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

export function compareVersions(from: SummarisedSide, to: SummarisedSide): Comparison {
  return runNow(compareSteps(from, to));
}

function* summarise(
  matching: Matching,
  pairs: ComparedPair[],
  identical: number,
  from: SummarisedSide,
  to: SummarisedSide,
): Generator<ComparePhase, Comparison, void> {
  const rows = new Map<string, TypeChanges>();
  const changes: Change[] = [];
  const count = (kind: ChangeKind, id: string, pair: ComparedPair | null = null) => {
    const side = kind === 'removed' ? 'from' : 'to';
    const summary = (side === 'from' ? from : to).summary(id);
    const speckleType = summary?.speckleType ?? '';
    let row = rows.get(speckleType);
    if (!row) {
      const empty = () => ({ count: 0, bytes: 0 });
      row = {
        speckleType,
        kinds: { added: empty(), removed: empty(), changed: empty(), changedBelow: empty() },
      };
      rows.set(speckleType, row);
    }
    row.kinds[kind].count += 1;
    row.kinds[kind].bytes += summary?.bytes ?? 0;
    changes.push({ kind, id, side, speckleType: pair?.speckleType ?? speckleType, pair });
  };
  for (const pair of pairs) {
    count(pair.diff.kind as ChangeKind, pair.to, pair);
    if (changes.length % CHANGES_PER_STEP === 0) yield 'summary';
  }
  for (const id of matching.added) {
    count('added', id);
    if (changes.length % CHANGES_PER_STEP === 0) yield 'summary';
  }
  for (const id of matching.removed) {
    count('removed', id);
    if (changes.length % CHANGES_PER_STEP === 0) yield 'summary';
  }
  const changed = pairs.filter((pair) => pair.diff.kind === 'changed').length;
  const total = (row: TypeChanges) =>
    Object.values(row.kinds).reduce((sum, kind) => sum + kind.count, 0);
  return {
    matching,
    pairs,
    counts: {
      added: matching.added.length,
      removed: matching.removed.length,
      changed,
      changedBelow: pairs.length - changed,
      unchanged: matching.unchanged + identical,
    },
    byType: [...rows.values()].sort(
      (a, b) => total(b) - total(a) || a.speckleType.localeCompare(b.speckleType),
    ),
    changes,
  };
}
