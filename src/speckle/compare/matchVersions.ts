/**
 * Matches the objects of two versions of a model the way Speckle data works:
 * 1. Ids are content hashes: an id on both sides is the same object, unchanged, and is not read.
 * 2. Of the rest, objects with the same `applicationId` (the host application's element id) match.
 * 3. Objects without one (meshes, DataChunks, other detached parts) match through their matched
 *    parents: the objects without applicationId referenced at the same path from a matched pair
 *    match, and so on down.
 *    The two roots match each other, whatever their applicationIds.
 * What is left is added (only in `to`) or removed (only in `from`).
 */
import { outlineOf, type Outline } from './outline';

export interface CompareSide {
  rootId: string;
  /** Every object's id, in the order the set holds them. */
  ids(): Iterable<string>;
  has(id: string): boolean;
  /** The object's text as received. */
  raw(id: string): string | undefined;
}

export type MatchVia = 'applicationId' | 'parent' | 'root';

export interface MatchedPair {
  from: string;
  to: string;
  via: MatchVia;
  /** The `from` object's applicationId, if it has one. */
  applicationId: string | null;
  speckleType: string | null;
}

export interface Matching {
  /** Ids on both sides. */
  unchanged: number;
  pairs: MatchedPair[];
  added: string[];
  removed: string[];
  /** applicationIds held by more than one changed object on a side: paired in document order. */
  duplicateApplicationIds: string[];
  /** Objects whose text is not valid JSON: kept apart, never matched by content. */
  unreadable: { from: string[]; to: string[] };
}

interface Unmatched {
  outlines: Map<string, Outline>;
  unreadable: string[];
}

export function matchVersions(from: CompareSide, to: CompareSide): Matching {
  const steps = matchSteps(from, to);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** Ids looked up, and objects read, between yields: a 100,000-object pair takes seconds. */
const IDS_PER_STEP = 5_000;
const OUTLINES_PER_STEP = 20;

/** matchVersions in steps (a generator), for a page to run in slices (scheduling/slices.ts). */
export function* matchSteps(from: CompareSide, to: CompareSide): Generator<void, Matching, void> {
  let unchanged = 0;
  const onlyFromIds: string[] = [];
  let seen = 0;
  for (const id of from.ids()) {
    if (to.has(id)) unchanged += 1;
    else onlyFromIds.push(id);
    if (++seen % IDS_PER_STEP === 0) yield;
  }
  const onlyToIds: string[] = [];
  for (const id of to.ids()) {
    if (!from.has(id)) onlyToIds.push(id);
    if (++seen % IDS_PER_STEP === 0) yield;
  }
  const fromSide = yield* outline(from, onlyFromIds);
  const toSide = yield* outline(to, onlyToIds);

  const pairs: MatchedPair[] = [];
  const pairedTo = new Set<string>();
  const pair = (fromId: string, toId: string, via: MatchVia) => {
    const outlineFrom = fromSide.outlines.get(fromId) as Outline;
    fromSide.outlines.delete(fromId);
    toSide.outlines.delete(toId);
    pairedTo.add(toId);
    pairs.push({
      from: fromId,
      to: toId,
      via,
      applicationId: outlineFrom.applicationId,
      speckleType: outlineFrom.speckleType,
    });
  };
  // Kept before pairing removes them from the unmatched maps: propagation reads both outlines.
  const fromOutlines = new Map(fromSide.outlines);
  const toOutlines = new Map(toSide.outlines);

  const duplicateApplicationIds = matchByApplicationId(fromSide, toSide, pair);
  if (fromSide.outlines.has(from.rootId) && toSide.outlines.has(to.rootId)) {
    pair(from.rootId, to.rootId, 'root');
  }
  // Down from every pair: what each references at the same path.
  for (let next = 0; next < pairs.length; next += 1) {
    const { from: fromId, to: toId } = pairs[next] as MatchedPair;
    const fromRefs = (fromOutlines.get(fromId) as Outline).references;
    const toRefs = (toOutlines.get(toId) as Outline).references;
    for (const [path, fromChild] of fromRefs) {
      const toChild = toRefs.get(path);
      const fromOutline = fromSide.outlines.get(fromChild);
      const toOutline = toChild === undefined ? undefined : toSide.outlines.get(toChild);
      // An object with an applicationId is matched by it or not at all: following paths would
      // pair unrelated elements that happen to sit at the same place.
      if (
        fromOutline?.applicationId === null &&
        toOutline?.applicationId === null &&
        !pairedTo.has(toChild as string)
      ) {
        pair(fromChild, toChild as string, 'parent');
      }
    }
  }

  return {
    unchanged,
    pairs,
    added: onlyToIds.filter((id) => toSide.outlines.has(id)),
    removed: onlyFromIds.filter((id) => fromSide.outlines.has(id)),
    duplicateApplicationIds,
    unreadable: { from: fromSide.unreadable, to: toSide.unreadable },
  };
}

function* outline(side: CompareSide, ids: readonly string[]): Generator<void, Unmatched, void> {
  const outlines = new Map<string, Outline>();
  const unreadable: string[] = [];
  for (const [index, id] of ids.entries()) {
    const found = outlineOf(side.raw(id) ?? '');
    if (found) outlines.set(id, found);
    else unreadable.push(id);
    if (index % OUTLINES_PER_STEP === OUTLINES_PER_STEP - 1) yield;
  }
  return { outlines, unreadable };
}

/** Pairs objects by applicationId in document order; returns the ids held more than once. */
function matchByApplicationId(
  from: Unmatched,
  to: Unmatched,
  pair: (fromId: string, toId: string, via: MatchVia) => void,
): string[] {
  const toByApplicationId = new Map<string, string[]>();
  for (const [id, { applicationId }] of to.outlines) {
    if (applicationId === null) continue;
    const ids = toByApplicationId.get(applicationId);
    if (ids) ids.push(id);
    else toByApplicationId.set(applicationId, [id]);
  }
  const fromCounts = new Map<string, number>();
  const matches: Array<[string, string]> = [];
  for (const [id, { applicationId }] of from.outlines) {
    if (applicationId === null) continue;
    fromCounts.set(applicationId, (fromCounts.get(applicationId) ?? 0) + 1);
    const candidates = toByApplicationId.get(applicationId);
    const next = candidates?.[(fromCounts.get(applicationId) ?? 1) - 1];
    if (next !== undefined) matches.push([id, next]);
  }
  for (const [fromId, toId] of matches) pair(fromId, toId, 'applicationId');
  const duplicates = new Set<string>();
  for (const [applicationId, count] of fromCounts) if (count > 1) duplicates.add(applicationId);
  for (const [applicationId, ids] of toByApplicationId) {
    if (ids.length > 1) duplicates.add(applicationId);
  }
  return [...duplicates].sort();
}
