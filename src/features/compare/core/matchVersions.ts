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
import { runNow } from '../../../lib/slices';
import { outlineOf, type Outline } from './outline';

export interface CompareSide {
  rootId: string;
  /** Every object's id, in the order the set holds them. */
  ids(): Iterable<string>;
  has(id: string): boolean;
  /** The object's text as received. */
  raw(id: string): string | undefined;
}

type MatchVia = 'applicationId' | 'parent' | 'root';

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

/** The objects on one side whose ids the other side lacks, each read once. */
interface Unmatched {
  /** The readable ones, by id: kept whole (with those paired) until matching ends. */
  outlines: Map<string, Outline>;
  unreadable: string[];
}

/**
 * What a step of matching was doing, for measuring each kind's longest step
 * (scripts/compareSlices.mjs): looking ids up, reading objects, or pairing them.
 */
export type MatchPhase = 'ids' | 'outlines' | 'pairing';

export function matchVersions(from: CompareSide, to: CompareSide): Matching {
  return runNow(matchSteps(from, to));
}

/**
 * Cheap items (an id looked up, an outline paired) handled between yields; a step that reads an
 * object yields after it, as one object can be a large part of a step's time.
 */
const ITEMS_PER_STEP = 1_000;

/**
 * matchVersions in steps (a generator), for a page to run in slices (lib/slices.ts): every
 * loop over a side's objects yields, so that no step takes long whatever the versions hold.
 */
export function* matchSteps(
  from: CompareSide,
  to: CompareSide,
): Generator<MatchPhase, Matching, void> {
  let unchanged = 0;
  const onlyFromIds: string[] = [];
  let seen = 0;
  for (const id of from.ids()) {
    if (to.has(id)) unchanged += 1;
    else onlyFromIds.push(id);
    if (++seen % ITEMS_PER_STEP === 0) yield 'ids';
  }
  const onlyToIds: string[] = [];
  for (const id of to.ids()) {
    if (!from.has(id)) onlyToIds.push(id);
    if (++seen % ITEMS_PER_STEP === 0) yield 'ids';
  }
  const fromSide = yield* outline(from, onlyFromIds);
  const toSide = yield* outline(to, onlyToIds);

  const pairs: MatchedPair[] = [];
  const pairedFrom = new Set<string>();
  const pairedTo = new Set<string>();
  const pair = (fromId: string, toId: string, via: MatchVia) => {
    const outlineFrom = fromSide.outlines.get(fromId) as Outline;
    pairedFrom.add(fromId);
    pairedTo.add(toId);
    pairs.push({
      from: fromId,
      to: toId,
      via,
      applicationId: outlineFrom.applicationId,
      speckleType: outlineFrom.speckleType,
    });
  };
  const unpaired = (side: Unmatched, paired: Set<string>, id: string | undefined) =>
    id === undefined || paired.has(id) ? undefined : side.outlines.get(id);

  const duplicateApplicationIds = yield* matchByApplicationId(fromSide, toSide, pair);
  if (unpaired(fromSide, pairedFrom, from.rootId) && unpaired(toSide, pairedTo, to.rootId)) {
    pair(from.rootId, to.rootId, 'root');
  }
  // Down from every pair: what each references at the same path. Pairs and references are counted
  // alike towards a step, as one pair (a level, a root) may hold thousands.
  let followed = 0;
  for (let next = 0; next < pairs.length; next += 1) {
    if (++followed % ITEMS_PER_STEP === 0) yield 'pairing';
    const { from: fromId, to: toId } = pairs[next] as MatchedPair;
    const fromRefs = (fromSide.outlines.get(fromId) as Outline).references;
    const toRefs = (toSide.outlines.get(toId) as Outline).references;
    for (const [path, fromChild] of fromRefs) {
      const toChild = toRefs.get(path);
      // An object with an applicationId is matched by it or not at all: following paths would
      // pair unrelated elements that happen to sit at the same place.
      if (
        unpaired(fromSide, pairedFrom, fromChild)?.applicationId === null &&
        unpaired(toSide, pairedTo, toChild)?.applicationId === null
      ) {
        pair(fromChild, toChild as string, 'parent');
      }
      if (++followed % ITEMS_PER_STEP === 0) yield 'pairing';
    }
  }

  return {
    unchanged,
    pairs,
    added: yield* unpairedIds(onlyToIds, toSide, pairedTo),
    removed: yield* unpairedIds(onlyFromIds, fromSide, pairedFrom),
    duplicateApplicationIds,
    unreadable: { from: fromSide.unreadable, to: toSide.unreadable },
  };
}

function* outline(
  side: CompareSide,
  ids: readonly string[],
): Generator<MatchPhase, Unmatched, void> {
  const outlines = new Map<string, Outline>();
  const unreadable: string[] = [];
  for (const id of ids) {
    const found = outlineOf(side.raw(id) ?? '');
    if (found) outlines.set(id, found);
    else unreadable.push(id);
    yield 'outlines';
  }
  return { outlines, unreadable };
}

/** The readable objects of `ids` left unpaired, in the same order. */
function* unpairedIds(
  ids: readonly string[],
  side: Unmatched,
  paired: Set<string>,
): Generator<MatchPhase, string[], void> {
  const left: string[] = [];
  for (const [index, id] of ids.entries()) {
    if (side.outlines.has(id) && !paired.has(id)) left.push(id);
    if (index % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield 'pairing';
  }
  return left;
}

/** Pairs objects by applicationId in document order; returns the ids held more than once. */
function* matchByApplicationId(
  from: Unmatched,
  to: Unmatched,
  pair: (fromId: string, toId: string, via: MatchVia) => void,
): Generator<MatchPhase, string[], void> {
  const toByApplicationId = new Map<string, string[]>();
  let seen = 0;
  for (const [id, { applicationId }] of to.outlines) {
    if (++seen % ITEMS_PER_STEP === 0) yield 'pairing';
    if (applicationId === null) continue;
    const ids = toByApplicationId.get(applicationId);
    if (ids) ids.push(id);
    else toByApplicationId.set(applicationId, [id]);
  }
  const fromCounts = new Map<string, number>();
  for (const [id, { applicationId }] of from.outlines) {
    if (++seen % ITEMS_PER_STEP === 0) yield 'pairing';
    if (applicationId === null) continue;
    const count = (fromCounts.get(applicationId) ?? 0) + 1;
    fromCounts.set(applicationId, count);
    const next = toByApplicationId.get(applicationId)?.[count - 1];
    if (next !== undefined) pair(id, next, 'applicationId');
  }
  const duplicates = new Set<string>();
  for (const [applicationId, count] of fromCounts) if (count > 1) duplicates.add(applicationId);
  for (const [applicationId, ids] of toByApplicationId) {
    if (ids.length > 1) duplicates.add(applicationId);
  }
  return [...duplicates].sort();
}
