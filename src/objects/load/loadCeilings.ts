/**
 * How much one with-children load may read: objects, bytes, and bytes of one object. A server can
 * send anything (an endless body, one line that never ends, ten million tiny objects), and the tab
 * would fill until it froze or crashed. At a ceiling the read stops, what came before it is kept
 * and marked incomplete, and the message names the ceiling; the user sees the ceilings in the
 * sidebar and can raise them (objects/load/ceilingStore.ts).
 */
import type { BodyCeilings, CeilingName } from '../../bytes/lines';
import { countOf, formatCount } from '../../speckle/counts';
import { formatBytes } from '../../speckle/text';

export type LoadCeilings = BodyCeilings;
export type { CeilingName } from '../../bytes/lines';

/**
 * Twice the largest model the explorer is measured with (1,000,000 objects, about 3.4 GB on disk),
 * and an object four times the largest one it shows as text (speckle/textLimit.ts): bigger ones are
 * kept as bytes, so 256 MB leaves room for those while stopping a line that never ends.
 */
export const DEFAULT_CEILINGS: LoadCeilings = {
  objects: 2_000_000,
  bytes: 8_000_000_000,
  objectBytes: 256_000_000,
};

/**
 * What the user may set. Above these a tab runs out of memory or address space whatever it is
 * told: a typed array past 2^32 bytes, an index past tens of millions of entries.
 */
export const CEILING_RANGES: Record<CeilingName, { min: number; max: number }> = {
  objects: { min: 1, max: 50_000_000 },
  bytes: { min: 1_000_000, max: 64_000_000_000 },
  objectBytes: { min: 1_000_000, max: 2_000_000_000 },
};

/** What each ceiling is called where the user sets it. */
export const CEILING_LABELS: Record<CeilingName, string> = {
  objects: 'Most objects',
  bytes: 'Most data (MB)',
  objectBytes: 'Largest object (MB)',
};

/** Whether `value` is a ceiling the user may set for `name`. */
export function isCeilingValue(name: CeilingName, value: number): boolean {
  const { min, max } = CEILING_RANGES[name];
  return Number.isInteger(value) && value >= min && value <= max;
}

/** The ceilings as one line: "2,000,000 objects, 8.0 GB, 256 MB per object". */
export function ceilingsSummary(ceilings: LoadCeilings): string {
  return `${countOf(ceilings.objects, 'object', 'objects')}, ${formatBytes(ceilings.bytes)}, ${formatBytes(ceilings.objectBytes)} per object`;
}

/** `ceiling` raised so that the load can pass where it stopped: doubled, within its range. */
export function raisedCeilings(ceilings: LoadCeilings, ceiling: CeilingName): LoadCeilings {
  const raised = Math.min(ceilings[ceiling] * 2, CEILING_RANGES[ceiling].max);
  return { ...ceilings, [ceiling]: raised };
}

/** Whether `ceiling` can be raised at all. */
export function canRaise(ceilings: LoadCeilings, ceiling: CeilingName): boolean {
  return ceilings[ceiling] < CEILING_RANGES[ceiling].max;
}

/** One ceiling as the messages name it. */
export function ceilingText(name: CeilingName, value: number): string {
  switch (name) {
    case 'objects':
      return countOf(value, 'object', 'objects');
    case 'bytes':
      return `${formatBytes(value)} of data`;
    case 'objectBytes':
      return `${formatBytes(value)} per object`;
  }
}

/** Why a load stopped at `ceiling`, and what was kept. */
export function ceilingMessage(ceiling: CeilingName, ceilings: LoadCeilings, kept: number): string {
  const limit = ceilingText(ceiling, ceilings[ceiling]);
  const reason =
    ceiling === 'objectBytes'
      ? `The server sent an object larger than this tab's limit of ${limit}, so the load stopped there`
      : `The load stopped at this tab's limit of ${limit}`;
  const keptText =
    kept === 0
      ? 'nothing before it arrived'
      : `the ${formatCount(kept)} ${kept === 1 ? 'object' : 'objects'} before it are kept and marked incomplete`;
  return `${reason}: ${keptText}. Raise the limit under "Load limits" to read further.`;
}
