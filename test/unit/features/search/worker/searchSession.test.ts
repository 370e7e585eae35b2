import { describe, expect, it } from 'vitest';
import type { LineRecord } from '../../../../../src/bytes/lines';
import { searchObjects } from '../../../../../src/speckle/search';
import {
  SearchSession,
  type SearchSessionOptions,
  type SearchUpdate,
} from '../../../../../src/features/search/worker/searchSession';
import { generatedFixture } from '../../../support/speckleFixtures';

const building: LineRecord[] = generatedFixture(1000).map(({ id, raw }) => ({ id, raw }));

/**
 * A session on a fake clock (each reading 1 ms later) and a task queue run by hand, so slices,
 * interleaving and cancellation happen in a known order.
 */
function harness(options: Partial<SearchSessionOptions> = {}) {
  const updates: SearchUpdate[] = [];
  const tasks: Array<() => void> = [];
  let clock = 0;
  const session = new SearchSession({
    post: (update) => updates.push(update),
    schedule: (task) => tasks.push(task),
    now: () => (clock += 1),
    sliceMs: 50,
    ...options,
  });
  return {
    session,
    updates,
    tasks,
    /** Runs one queued task; false when there was none. */
    step(): boolean {
      const task = tasks.shift();
      task?.();
      return task !== undefined;
    },
    runAll() {
      for (let guard = 0; this.step(); guard += 1) {
        if (guard > 10_000) throw new Error('the session never settles');
      }
    },
  };
}

function foundIds(updates: readonly SearchUpdate[], queryId: number): string[] {
  return updates
    .filter((update) => update.queryId === queryId)
    .flatMap((update) => update.found.map(({ id }) => id));
}

describe('SearchSession', () => {
  it('finds what searchObjects finds, in slices that report progress', () => {
    const run = harness({ limit: 10_000 });
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', queryId: 1, query: 'RevitWall' });
    run.runAll();

    const expected = searchObjects(building, 'RevitWall', { limit: 10_000 }).objects;
    expect(expected.length).toBeGreaterThan(10);
    expect(foundIds(run.updates, 1)).toEqual(expected.map(({ id }) => id));
    // About 50 objects per 50 ms slice on a clock that ticks 1 ms a reading.
    expect(run.updates.length).toBeGreaterThanOrEqual(building.length / 50);
    const scanned = run.updates.map((update) => update.scanned);
    expect(scanned).toEqual([...scanned].sort((a, b) => a - b));
    expect(run.updates.slice(0, -1).every((update) => update.state === 'searching')).toBe(true);
    expect(run.updates.at(-1)).toMatchObject({
      state: 'caught-up',
      scanned: building.length,
      available: building.length,
    });
  });

  it('drops the running search when a new query comes, between two slices', () => {
    const run = harness({ limit: 10_000 });
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', queryId: 1, query: 'revit' });
    run.step();
    run.step();
    const before = run.updates.length;
    expect(run.updates.at(-1)).toMatchObject({ queryId: 1, state: 'searching' });

    run.session.receive({ type: 'search', queryId: 2, query: 'Double-Glass' });
    run.runAll();
    expect(run.updates.slice(before).every((update) => update.queryId === 2)).toBe(true);
    expect(foundIds(run.updates, 2)).toEqual(
      searchObjects(building, 'Double-Glass', { limit: 10_000 }).objects.map(({ id }) => id),
    );
    expect(run.updates.at(-1)).toMatchObject({ queryId: 2, scanned: building.length });
  });

  it('searches objects that arrive later, and says when it has caught up', () => {
    const run = harness({ limit: 10_000 });
    const half = building.length / 2;
    run.session.receive({ type: 'add', records: building.slice(0, half) });
    run.session.receive({ type: 'search', queryId: 1, query: 'Objects.Geometry.Mesh' });
    run.runAll();
    expect(run.updates.at(-1)).toMatchObject({
      state: 'caught-up',
      scanned: half,
      available: half,
    });

    run.session.receive({ type: 'add', records: building.slice(half) });
    expect(run.tasks).toHaveLength(1);
    run.runAll();
    expect(run.updates.at(-1)).toMatchObject({ state: 'caught-up', scanned: building.length });
    expect(foundIds(run.updates, 1)).toEqual(
      searchObjects(building, 'Objects.Geometry.Mesh', { limit: 10_000 }).objects.map(
        ({ id }) => id,
      ),
    );
  });

  it('stops at its limit of matching objects and does not go on when more arrive', () => {
    const run = harness({ limit: 3 });
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', queryId: 1, query: 'RevitBeam' });
    run.runAll();
    const expected = searchObjects(building, 'RevitBeam', { limit: 3 });
    expect(foundIds(run.updates, 1)).toEqual(expected.objects.map(({ id }) => id));
    expect(run.updates.at(-1)).toMatchObject({ state: 'stopped', scanned: expected.scanned });
    expect(expected.scanned).toBeLessThan(building.length);

    run.session.receive({ type: 'add', records: building.slice(0, 10) });
    expect(run.tasks).toHaveLength(0);
  });

  it('lists a few matches per object, as asked', () => {
    const run = harness({ perObject: 2 });
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', queryId: 1, query: 'level' });
    run.runAll();
    const objects = run.updates.flatMap((update) => update.found);
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.every(({ matches }) => matches.length <= 2)).toBe(true);
    expect(objects.some(({ total }) => total > 2)).toBe(true);
  });

  it('stops searching on an empty query and keeps the objects for the next one', () => {
    const run = harness();
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', queryId: 1, query: 'revit' });
    run.step();
    const before = run.updates.length;
    run.session.receive({ type: 'search', queryId: 2, query: '' });
    run.runAll();
    expect(run.updates).toHaveLength(before);

    run.session.receive({ type: 'search', queryId: 3, query: building[700]!.id });
    run.runAll();
    expect(foundIds(run.updates, 3)).toContain(building[700]!.id);
    expect(run.updates.at(-1)).toMatchObject({ available: building.length });
  });

  it('keeps one continuation queued however many messages arrive', () => {
    const run = harness();
    run.session.receive({ type: 'search', queryId: 1, query: 'wall' });
    run.session.receive({ type: 'add', records: building.slice(0, 10) });
    run.session.receive({ type: 'add', records: building.slice(10, 20) });
    run.session.receive({ type: 'search', queryId: 2, query: 'door' });
    expect(run.tasks).toHaveLength(1);
    run.runAll();
    expect(run.updates.map((update) => update.queryId)).toEqual([2]);
    expect(run.updates[0]).toMatchObject({ scanned: 20, state: 'caught-up' });
  });

  it('bounds a slice by time, not by count', () => {
    const run = harness({ sliceMs: 5 });
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', queryId: 1, query: 'zzz-nothing' });
    run.step();
    // The deadline is read at 1 ms (so it is 6 ms), then one reading per object: 2 … 6 ms.
    expect(run.updates[0]).toMatchObject({ scanned: 5, state: 'searching', found: [] });
  });
});
