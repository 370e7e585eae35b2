import { describe, expect, it } from 'vitest';
import type { LoadStatus } from '../../../../src/objects/set/loadProgress';
import { resultsToRelease, SetRegistry } from '../../../../src/objects/set/setRegistry';

const MB = 1024 * 1024;

/** A set as the registry sees it: its load's status and size, and whether it was let go. */
class FakeSet {
  cancelled = false;
  disposed = false;

  constructor(
    public status: LoadStatus,
    readonly bytes = 1,
  ) {}

  getProgress() {
    return { status: this.status, bytes: this.bytes };
  }

  cancel() {
    this.cancelled = true;
  }

  dispose() {
    this.disposed = true;
  }

  get letGo() {
    return this.cancelled && this.disposed;
  }
}

/** A registry whose task-later settling runs when the test says (`nextTask`). */
function registry(budget = () => 512 * MB) {
  let queued: (() => void)[] = [];
  const sets = new SetRegistry<FakeSet>({ budget, later: (run) => queued.push(run) });
  const nextTask = () => {
    const run = queued;
    queued = [];
    for (const settle of run) settle();
  };
  /** Opens `set` under `key`, shows it, then leaves it: what a page does. */
  const showAndLeave = (key: string, set: FakeSet) => {
    sets.open(key, () => set);
    sets.retain(key)();
    nextTask();
  };
  return { sets, nextTask, showAndLeave };
}

describe('the set registry', () => {
  it('makes a set once per key, and gives the kept one to whoever asks again', () => {
    const { sets } = registry();
    const first = new FakeSet('loading');
    expect(sets.open('a', () => first)).toBe(first);
    expect(sets.open('a', () => new FakeSet('loading'))).toBe(first);
    expect(sets.peek('a')).toBe(first);
    expect(sets.peek('b')).toBeUndefined();
  });

  it.each<[string, LoadStatus, boolean]>([
    ['still loading: its load is cancelled and its store freed', 'loading', false],
    ['waiting for the server', 'waiting', false],
    ['ended with no object', 'failed', false],
    ['complete: kept for Back', 'complete', true],
    ['incomplete (broken, cancelled): kept for Back as it ended', 'incomplete', true],
  ])('once nothing retains a set %s', (_, status, kept) => {
    const { sets, nextTask } = registry();
    const set = new FakeSet(status);
    sets.open('a', () => set);
    const release = sets.retain('a');

    release();
    expect(set.cancelled || set.disposed).toBe(false);
    nextTask();

    expect(sets.peek('a')).toBe(kept ? set : undefined);
    expect(set.letGo).toBe(!kept);
    expect(set.cancelled || set.disposed).toBe(!kept);
  });

  it('keeps a set retained twice until both release it, each release counting once', () => {
    const { sets, nextTask } = registry();
    const set = new FakeSet('loading');
    sets.open('a', () => set);
    const first = sets.retain('a');
    const second = sets.retain('a');

    first();
    first();
    nextTask();
    expect(set.letGo).toBe(false);
    expect(sets.peek('a')).toBe(set);

    second();
    nextTask();
    expect(set.letGo).toBe(true);
    expect(sets.peek('a')).toBeUndefined();
  });

  it('keeps a loading set retained again before the task that would let it go', () => {
    const { sets, nextTask } = registry();
    const set = new FakeSet('loading');
    sets.open('a', () => set);
    // React's strict mode: the view's effect is cleaned up and run again at once.
    sets.retain('a')();
    const release = sets.retain('a');
    nextTask();
    expect(set.letGo).toBe(false);

    release();
    nextTask();
    expect(set.letGo).toBe(true);
  });

  it('holds a retain made before the set is opened: the view mounts before the query runs', () => {
    const { sets, nextTask } = registry();
    const release = sets.retain('a');
    const set = sets.open('a', () => new FakeSet('loading'));
    nextTask();
    expect(sets.peek('a')).toBe(set);

    release();
    nextTask();
    expect(set.letGo).toBe(true);
  });

  it('keeps the result left last however large, and older ones while all fit the budget', () => {
    const { sets, showAndLeave } = registry();
    const oldest = new FakeSet('complete', 20 * MB);
    const older = new FakeSet('complete', 200 * MB);
    const newest = new FakeSet('incomplete', 300 * MB);
    showAndLeave('oldest', oldest);
    showAndLeave('older', older);
    expect([oldest.letGo, older.letGo]).toEqual([false, false]);

    showAndLeave('newest', newest);

    // 300 + 200 fit in 512 MB; with the oldest's 20 MB they would not.
    expect([newest.letGo, older.letGo, oldest.letGo]).toEqual([false, false, true]);
    expect(sets.peek('oldest')).toBeUndefined();

    const huge = new FakeSet('complete', 900 * MB);
    showAndLeave('huge', huge);
    expect([huge.letGo, newest.letGo, older.letGo]).toEqual([false, true, true]);
    expect(sets.peek('huge')).toBe(huge);
  });

  it('lets go of the result shown least recently first: showing one again makes it the newest', () => {
    const { sets, showAndLeave } = registry();
    const first = new FakeSet('complete', 300 * MB);
    const second = new FakeSet('complete', 200 * MB);
    showAndLeave('first', first);
    showAndLeave('second', second);
    // Back to the first: shown again, then left again.
    showAndLeave('first', first);

    const third = new FakeSet('complete', 100 * MB);
    showAndLeave('third', third);

    // Left most recently: third (100), first (300), second (200): the second goes.
    expect([third.letGo, first.letGo, second.letGo]).toEqual([false, false, true]);
    expect(sets.peek('first')).toBe(first);
  });

  it('keeps a kept result retained again out of the budget: a shown result is never let go', () => {
    const { sets, showAndLeave } = registry();
    const shown = new FakeSet('complete', 400 * MB);
    showAndLeave('shown', shown);
    // Back to it: the page retains it and keeps it while other results are left.
    sets.retain('shown');

    showAndLeave('other', new FakeSet('complete', 400 * MB));
    showAndLeave('another', new FakeSet('complete', 400 * MB));

    expect(shown.letGo).toBe(false);
    expect(sets.peek('shown')).toBe(shown);
  });

  it('reads the budget each time a result is left', () => {
    let budget = 512 * MB;
    const { showAndLeave } = registry(() => budget);
    const older = new FakeSet('complete', 10 * MB);
    showAndLeave('older', older);
    budget = 0;
    showAndLeave('newer', new FakeSet('complete', 10 * MB));
    expect(older.letGo).toBe(true);
  });

  it('lets go of a renewed set at once, retained or not, and opens a new one in its place', () => {
    const { sets, nextTask } = registry();
    const broken = new FakeSet('incomplete');
    sets.open('a', () => broken);
    const release = sets.retain('a');

    sets.renew('a');

    expect(broken.letGo).toBe(true);
    expect(sets.peek('a')).toBeUndefined();
    const again = sets.open('a', () => new FakeSet('loading'));
    expect(again).not.toBe(broken);
    // The view's retain holds the new set: it is the lookup the view shows.
    nextTask();
    expect(again.letGo).toBe(false);
    release();
    nextTask();
    expect(again.letGo).toBe(true);
  });

  it('forgets a renewed set that was kept for Back', () => {
    const { sets, showAndLeave } = registry();
    const kept = new FakeSet('complete');
    showAndLeave('a', kept);
    sets.renew('a');
    expect(kept.letGo).toBe(true);
    expect(sets.peek('a')).toBeUndefined();
  });
});

describe('resultsToRelease', () => {
  it('keeps the result left last, however large', () => {
    expect(resultsToRelease([{ key: 'a', bytes: 900 * MB }], 512 * MB)).toEqual([]);
  });

  it('keeps older results while all kept fit the budget, and lets the rest go', () => {
    const left = [
      { key: 'newest', bytes: 300 * MB },
      { key: 'older', bytes: 200 * MB },
      { key: 'oldest', bytes: 20 * MB },
      { key: 'tiny', bytes: 1 },
    ];
    expect(resultsToRelease(left, 512 * MB)).toEqual(['oldest', 'tiny']);
  });

  it('lets go of everything but the last when that alone is over the budget', () => {
    const left = [
      { key: 'big', bytes: 600 * MB },
      { key: 'small', bytes: 1 * MB },
    ];
    expect(resultsToRelease(left, 512 * MB)).toEqual(['small']);
  });
});
