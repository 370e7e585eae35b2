import { describe, expect, it } from 'vitest';
import { loadAnnouncement } from '../../../../src/features/explore/loadAnnouncement';
import type { LoadProgress } from '../../../../src/objects/set/loadProgress';

type Step = Pick<LoadProgress, 'status' | 'received' | 'expected'>;

/** What a screen reader hears over a sequence of progress updates: each new stage's text once. */
function heard(steps: Step[]): string[] {
  const said: string[] = [];
  let key: string | null = null;
  for (const step of steps) {
    const announcement = loadAnnouncement(step);
    if (announcement.key === key) continue;
    key = announcement.key;
    said.push(announcement.text);
  }
  return said;
}

/** A load's updates as the set publishes them, four a second, evenly spread. */
function loadOf(total: number, updates: number, expected: number | null = total): Step[] {
  const steps: Step[] = [{ status: 'waiting', received: 0, expected: null }];
  for (let update = 1; update < updates; update++) {
    steps.push({ status: 'loading', received: Math.round((total * update) / updates), expected });
  }
  steps.push({ status: 'complete', received: total, expected });
  return steps;
}

describe('what a load announces', () => {
  it('tells a 100,000-object load in five announcements, not once per update', () => {
    // 7 s at four updates a second: 28 updates, each of which the counter shows.
    expect(heard(loadOf(100_000, 28))).toEqual([
      'Loading objects…',
      '25,000 of 100,000 objects…',
      '50,000 of 100,000 objects…',
      '75,000 of 100,000 objects…',
      'Loaded: 100,000 objects.',
    ]);
  });

  it('says as much however many updates there are', () => {
    expect(heard(loadOf(100_000, 1_000))).toHaveLength(5);
  });

  it('waits for the end once all that the root lists is in', () => {
    const steps = loadOf(10_000, 8);
    steps.splice(-1, 0, { status: 'loading', received: 10_000, expected: 10_000 });
    steps.splice(-1, 0, { status: 'loading', received: 10_002, expected: 10_000 });
    expect(heard(steps)).toHaveLength(5);
  });

  it('counts tenfolds when nothing says how many are to come', () => {
    expect(heard(loadOf(25_000, 50, null))).toEqual([
      'Loading objects…',
      '1,000 objects so far…',
      '10,000 objects so far…',
      'Loaded: 25,000 objects.',
    ]);
  });

  it('tells where a load stopped short, and a load that brought nothing', () => {
    expect(loadAnnouncement({ status: 'incomplete', received: 40, expected: 100 }).text).toBe(
      'Stopped: 40 of 100 objects (incomplete).',
    );
    expect(loadAnnouncement({ status: 'incomplete', received: 40, expected: null }).text).toBe(
      'Stopped: 40 objects (incomplete).',
    );
    expect(loadAnnouncement({ status: 'failed', received: 0, expected: null }).text).toBe(
      'Nothing received.',
    );
  });

  it('says a small load only as it starts and ends', () => {
    expect(heard(loadOf(3, 3))).toEqual(['Loading objects…', 'Loaded: 3 objects.']);
  });
});
