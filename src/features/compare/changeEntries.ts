/** The comparison as one list of changes, to filter by kind and type. */
import type { ChangeKind, ComparedPair, Comparison } from '../../speckle/compare/compareVersions';

export interface ChangeEntry {
  kind: ChangeKind;
  /** The object's id on the side that has it (`to` for a pair). */
  id: string;
  side: 'from' | 'to';
  speckleType: string;
  pair: ComparedPair | null;
}

export function changeEntries(
  comparison: Comparison,
  typeOf: (side: 'from' | 'to', id: string) => string,
): ChangeEntry[] {
  const entries: ChangeEntry[] = comparison.pairs.map((pair) => ({
    kind: pair.diff.kind === 'changed' ? 'changed' : 'changedBelow',
    id: pair.to,
    side: 'to',
    speckleType: pair.speckleType ?? typeOf('to', pair.to),
    pair,
  }));
  for (const id of comparison.matching.added) {
    entries.push({ kind: 'added', id, side: 'to', speckleType: typeOf('to', id), pair: null });
  }
  for (const id of comparison.matching.removed) {
    entries.push({
      kind: 'removed',
      id,
      side: 'from',
      speckleType: typeOf('from', id),
      pair: null,
    });
  }
  return entries;
}

export const KIND_NAMES: Record<ChangeKind, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  changedBelow: 'Changed only below',
};
