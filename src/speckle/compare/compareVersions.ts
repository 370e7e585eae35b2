/**
 * Two versions compared: the matching, every matched pair's difference, and the counts a person
 * reads first, by kind of change and by `speckle_type`. Run in steps (a generator), so that a page
 * can compare two large models in slices; only the objects whose ids differ are read.
 *
 * DataChunks matched through their parent are part of that parent's chunked array, whose joined
 * data the parent's difference sums up: they are not counted again on their own.
 */
import { shortTypeName } from '../types';
import { diffPair, type PairDiff } from './diffPair';
import { matchSteps, type CompareSide, type MatchedPair, type Matching } from './matchVersions';

export type ChangeKind = 'added' | 'removed' | 'changed' | 'changedBelow';

export interface ComparedPair extends MatchedPair {
  diff: PairDiff;
}

export interface KindTotals {
  count: number;
  bytes: number;
}

export interface TypeChanges {
  speckleType: string;
  kinds: Record<ChangeKind, KindTotals>;
}

export interface Comparison {
  matching: Matching;
  /** The pairs that differ, chunks joined into their parents left out. */
  pairs: ComparedPair[];
  counts: Record<ChangeKind | 'unchanged', number>;
  /** Most changes first. */
  byType: TypeChanges[];
}

/** What the comparison needs of each side besides matching: an object's indexed type and size. */
export interface SummarisedSide extends CompareSide {
  summary(id: string): { speckleType: string; bytes: number } | undefined;
}

/** Pairs compared between yields. */
const PAIRS_PER_STEP = 50;

export function* compareSteps(
  from: SummarisedSide,
  to: SummarisedSide,
): Generator<void, Comparison, void> {
  const matching = yield* matchSteps(from, to);
  const matched = new Map(matching.pairs.map((pair) => [pair.from, pair.to]));
  const context = {
    matchedTo: (id: string) => matched.get(id),
    rawFrom: (id: string) => from.raw(id),
    rawTo: (id: string) => to.raw(id),
  };
  const pairs: ComparedPair[] = [];
  // Only the hash and the descendants' ids differ: nothing a person would call a change.
  let identical = 0;
  for (const [index, pair] of matching.pairs.entries()) {
    if (pair.via === 'parent' && shortTypeName(pair.speckleType) === 'DataChunk') continue;
    const diff = diffPair(from.raw(pair.from) ?? '', to.raw(pair.to) ?? '', context);
    if (diff.kind === 'identical') identical += 1;
    else pairs.push({ ...pair, diff });
    if (index % PAIRS_PER_STEP === PAIRS_PER_STEP - 1) yield;
  }
  return summarise(matching, pairs, identical, from, to);
}

export function compareVersions(from: SummarisedSide, to: SummarisedSide): Comparison {
  const steps = compareSteps(from, to);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

function summarise(
  matching: Matching,
  pairs: ComparedPair[],
  identical: number,
  from: SummarisedSide,
  to: SummarisedSide,
): Comparison {
  const rows = new Map<string, TypeChanges>();
  const count = (kind: ChangeKind, side: SummarisedSide, id: string) => {
    const summary = side.summary(id);
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
  };
  for (const id of matching.added) count('added', to, id);
  for (const id of matching.removed) count('removed', from, id);
  for (const pair of pairs) count(pair.diff.kind as ChangeKind, to, pair.to);
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
  };
}
