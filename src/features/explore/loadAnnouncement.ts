/**
 * What a screen reader is told of a load: its start, a few milestones and its end. The visible
 * counter changes four times a second (a 100,000-object load read out 27 times in 7 s); told each
 * time, the count is noise that drowns what the user is doing. A milestone is a quarter of what
 * the root lists, or, with nothing to count against (opened files), each tenfold.
 */
import type { LoadProgress } from '../../objects/set/loadProgress';
import { countOf, formatCount } from '../../speckle/counts';

export interface Announcement {
  /** The same while the load stays in one stage: a new key is a new announcement. */
  key: string;
  text: string;
}

const START: Announcement = { key: 'start', text: 'Loading objects…' };
const QUARTERS = 4;
/** A load of fewer objects is over in a moment: its start and end are enough. */
const MILESTONES_FROM = 1_000;

export function loadAnnouncement(
  progress: Pick<LoadProgress, 'status' | 'received' | 'expected'>,
): Announcement {
  const { status, received, expected } = progress;
  switch (status) {
    case 'waiting':
      return START;
    case 'loading':
      return milestone(received, expected);
    case 'complete':
      return { key: 'end', text: `Loaded: ${countOf(received, 'object', 'objects')}.` };
    case 'incomplete':
      return {
        key: 'end',
        text:
          expected === null || received >= expected
            ? `Stopped: ${countOf(received, 'object', 'objects')} (incomplete).`
            : `Stopped: ${formatCount(received)} of ${countOf(expected, 'object', 'objects')} (incomplete).`,
      };
    case 'failed':
      return { key: 'end', text: 'Nothing received.' };
  }
}

function milestone(received: number, expected: number | null): Announcement {
  if (expected !== null) {
    // All that the root lists may be in while the load still runs (the body's end, or more than
    // it listed): that is told at the end.
    const quarter =
      expected < MILESTONES_FROM
        ? 0
        : Math.min(QUARTERS - 1, Math.floor((received / expected) * QUARTERS));
    if (quarter === 0) return START;
    return {
      key: `quarter-${quarter}`,
      text: `${formatCount(received)} of ${countOf(expected, 'object', 'objects')}…`,
    };
  }
  if (received < MILESTONES_FROM) return START;
  const decade = Math.floor(Math.log10(received));
  return { key: `decade-${decade}`, text: `${countOf(received, 'object', 'objects')} so far…` };
}
