/**
 * A comparison in words: the status line a person reads first, a chunked array's difference in one
 * line, and the short text "Copy summary" puts on a ticket (ids and counts only: never a token).
 */
import { countOf, formatCount } from '../../../speckle/counts';
import { sideDescription, type ComparedSide } from './comparedSide';
import type { Comparison } from './compareVersions';
import type { ChunksChange, PairDiff } from './diffPair';
import { toJsonPath, type Path } from '../../../speckle/paths';

export function comparisonStatus(comparison: Comparison): string {
  const { counts, matching } = comparison;
  const differing = counts.added + counts.removed + counts.changed + counts.changedBelow;
  if (differing === 0) {
    return `The two versions are identical: ${countOf(counts.unchanged, 'object', 'objects')} unchanged.`;
  }
  let text =
    `${formatCount(counts.added)} added, ${formatCount(counts.removed)} removed, ` +
    `${formatCount(counts.changed)} changed, ${formatCount(counts.unchanged)} unchanged`;
  if (counts.changedBelow > 0) text += `; ${formatCount(counts.changedBelow)} changed only below`;
  text += '.';
  // Unrelated roots: only the roots pair up, and what differs is all added or removed.
  const unmatched = counts.added > 0 && counts.removed > 0;
  if (unmatched && !matching.pairs.some((pair) => pair.via === 'applicationId')) {
    text +=
      ' Nothing matched by applicationId: the objects that differ are listed as added and removed.';
  }
  return text;
}

/** How much one pair's diff holds: `3 differences: 2 properties, 1 chunked array`. */
export function pairDiffCount({ ops, chunks, below }: PairDiff): string {
  const total = ops.length + chunks.length + below.length;
  if (total === 0) return 'No differences.';
  const parts = [
    ops.length > 0 && countOf(ops.length, 'property', 'properties'),
    chunks.length > 0 && countOf(chunks.length, 'chunked array', 'chunked arrays'),
    below.length > 0 && countOf(below.length, 'object changed below', 'objects changed below'),
  ].filter((part) => part !== false);
  return `${countOf(total, 'difference', 'differences')}: ${parts.join(', ')}.`;
}

/** `elements[3].name`: a JSONPath without its `$`. */
export function pathLabel(path: Path): string {
  return toJsonPath(path).replace(/^\$\.?/, '') || '(the object)';
}

/** `vertices: 1,234 of 62,500 numbers differ, first at [512]` */
export function chunksSummary(chunks: ChunksChange): string {
  const of = Math.max(chunks.fromLength, chunks.toLength);
  const lengths =
    chunks.fromLength === chunks.toLength
      ? ''
      : ` (${formatCount(chunks.fromLength)} before, ${formatCount(chunks.toLength)} after)`;
  return (
    `${pathLabel(chunks.path)}: ${formatCount(chunks.differing)} of ${countOf(of, 'number', 'numbers')} ` +
    `${chunks.differing === 1 ? 'differs' : 'differ'}, first at [${chunks.firstAt}]${lengths}`
  );
}

/** For a ticket: which sides, what differs, and by which types most. */
export function comparisonSummaryText(
  comparison: Comparison,
  sides: { host: string; from: ComparedSide; to: ComparedSide },
  partial: string | null,
): string {
  const lines = [
    `Compared on ${sides.host}:`,
    `  from: ${sideDescription(sides.from)}`,
    `  to: ${sideDescription(sides.to)}`,
    comparisonStatus(comparison),
  ];
  if (partial) lines.push(partial);
  for (const row of comparison.byType.slice(0, 10)) {
    const { added, removed, changed, changedBelow } = row.kinds;
    lines.push(
      `  ${row.speckleType || '(no type)'}: ${added.count} added, ${removed.count} removed, ` +
        `${changed.count} changed, ${changedBelow.count} changed only below`,
    );
  }
  return lines.join('\n') + '\n';
}
