import { describe, expect, it } from 'vitest';
import type { LineRecord } from '../../../../../src/bytes/lines';
import { DEFAULT_MATCH_OPTIONS, type MatchOptions } from '../../../../../src/speckle/searchQuery';
import {
  SLOW_OBJECT_MS,
  type SearchDetails,
  type SearchSpec,
  type SearchUpdate,
} from '../../../../../src/features/search/worker/objectMatching';
import {
  SearchSession,
  type SearchSessionOptions,
} from '../../../../../src/features/search/worker/searchSession';
import { generatedFixture } from '../../../support/speckleFixtures';
import { searchAll } from '../../../support/searchAll';

const building: LineRecord[] = generatedFixture(1000).map(({ id, raw }) => ({ id, raw }));

const spec = (query: string, options: Partial<MatchOptions> = {}): SearchSpec => ({
  query,
  options: { ...DEFAULT_MATCH_OPTIONS, ...options },
});

/**
 * A session on a fake clock (each reading `tick` ms later) and a task queue run by hand, so
 * slices, interleaving and cancellation happen in a known order.
 */
function harness(options: Partial<SearchSessionOptions> = {}, tick = () => 1) {
  const updates: SearchUpdate[] = [];
  const details: SearchDetails[] = [];
  const tasks: Array<() => void> = [];
  let clock = 0;
  const session = new SearchSession({
    post: (message) => (message.type === 'update' ? updates : details).push(message as never),
    schedule: (task) => tasks.push(task),
    now: () => (clock += tick()),
    sliceMs: 50,
    ...options,
  });
  return {
    session,
    updates,
    details,
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

/** What the updates of a query reported found: each object's place and its matches. */
function found(updates: readonly SearchUpdate[], queryId: number) {
  return updates
    .filter((update) => update.queryId === queryId)
    .flatMap((update) => update.objects.map((index, at) => ({ index, total: update.counts[at] })));
}

const expected = (query: string, records = building, options: Partial<MatchOptions> = {}) =>
  searchAll(records, query, options).map(({ index, total }) => ({ index, total }));

describe('SearchSession', () => {
  it('finds every object the matcher finds, with its matches counted, in slices', () => {
    const run = harness();
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', scan: true, queryId: 1, spec: spec('RevitWall') });
    run.runAll();

    expect(expected('RevitWall').length).toBeGreaterThan(10);
    expect(found(run.updates, 1)).toEqual(expected('RevitWall'));
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

  it('has no limit: a query that matches every object finds every one', () => {
    const run = harness({ sliceMs: 1000 });
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', scan: true, queryId: 1, spec: spec('id:*') });
    run.runAll();
    expect(found(run.updates, 1)).toHaveLength(building.length);
  });

  it('searches with the options and field terms of its spec', () => {
    const run = harness({ sliceMs: 1000 });
    run.session.receive({ type: 'add', records: building });
    const options = { regex: true, scope: 'values' } as const;
    run.session.receive({
      type: 'search',
      scan: true,
      queryId: 1,
      spec: spec('^Level [12]$ height>3', options),
    });
    run.runAll();
    const wanted = expected('^Level [12]$ height>3', building, options);
    expect(wanted.length).toBeGreaterThan(0);
    expect(found(run.updates, 1)).toEqual(wanted);
  });

  it('drops the running search when a new query comes, between two slices', () => {
    const run = harness();
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', scan: true, queryId: 1, spec: spec('revit') });
    run.step();
    run.step();
    const before = run.updates.length;
    expect(run.updates.at(-1)).toMatchObject({ queryId: 1, state: 'searching' });

    run.session.receive({ type: 'search', scan: true, queryId: 2, spec: spec('Double-Glass') });
    run.runAll();
    expect(run.updates.slice(before).every((update) => update.queryId === 2)).toBe(true);
    expect(found(run.updates, 2)).toEqual(expected('Double-Glass'));
    expect(run.updates.at(-1)).toMatchObject({ queryId: 2, scanned: building.length });
  });

  it('searches objects that arrive later, and says when it has caught up', () => {
    const run = harness();
    const half = building.length / 2;
    run.session.receive({ type: 'add', records: building.slice(0, half) });
    run.session.receive({
      type: 'search',
      scan: true,
      queryId: 1,
      spec: spec('Objects.Geometry.Mesh'),
    });
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
    expect(found(run.updates, 1)).toEqual(expected('Objects.Geometry.Mesh'));
  });

  it('gives the matches of one object found, from any place, for its query only', () => {
    const run = harness();
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', scan: true, queryId: 1, spec: spec('level') });
    run.runAll();
    const [first] = found(run.updates, 1).filter(({ total }) => (total ?? 0) > 3);
    run.session.receive({ type: 'details', queryId: 1, index: first!.index, from: 2, limit: 50 });
    run.session.receive({ type: 'details', queryId: 0, index: first!.index, from: 0, limit: 50 });
    expect(run.details).toEqual([
      expect.objectContaining({
        queryId: 1,
        index: first!.index,
        from: 2,
        id: building[first!.index]!.id,
      }),
    ]);
    expect(run.details[0]!.matches).toHaveLength(first!.total! - 2);
    expect(run.details[0]!.matches.every(({ excerpt }) => /level/i.test(excerpt))).toBe(true);
  });

  it('stops when told, and still gives the matches of the objects it found', () => {
    const run = harness();
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', scan: true, queryId: 1, spec: spec('level') });
    run.step();
    const [first] = found(run.updates, 1);
    expect(first).toBeDefined();
    run.session.receive({ type: 'stop', queryId: 1 });
    const before = run.updates.length;
    run.runAll();
    run.session.receive({ type: 'add', records: building.slice(0, 10) });
    run.runAll();
    expect(run.updates).toHaveLength(before);
    run.session.receive({ type: 'details', queryId: 1, index: first!.index, from: 0, limit: 1 });
    expect(run.details).toHaveLength(1);
  });

  it('started without scanning, only answers for the objects found before', () => {
    const run = harness();
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', scan: false, queryId: 4, spec: spec('level') });
    run.runAll();
    expect(run.updates).toEqual([]);
    const [first] = expected('level');
    run.session.receive({ type: 'details', queryId: 4, index: first!.index, from: 0, limit: 50 });
    expect(run.details[0]?.matches).toHaveLength(first!.total);
  });

  it('stops a regular expression that takes too long on one object, and says where', () => {
    // The clock jumps past the allowance at the 11th reading: while matching the 10th object.
    let readings = 0;
    const run = harness({ sliceMs: 100_000 }, () =>
      (readings += 1) === 11 ? SLOW_OBJECT_MS + 1 : 1,
    );
    run.session.receive({ type: 'add', records: building });
    run.session.receive({
      type: 'search',
      scan: true,
      queryId: 1,
      spec: spec('wall', { regex: true }),
    });
    run.runAll();
    expect(run.updates.at(-1)).toMatchObject({ state: 'too-long', scanned: 10 });
    run.session.receive({ type: 'add', records: building.slice(0, 5) });
    expect(run.tasks).toHaveLength(0);
  });

  it('lets plain text take its time: only a regular expression is timed', () => {
    let readings = 0;
    const run = harness({ sliceMs: 100_000 }, () =>
      (readings += 1) === 11 ? SLOW_OBJECT_MS + 1 : 1,
    );
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', scan: true, queryId: 1, spec: spec('wall') });
    run.runAll();
    expect(run.updates.at(-1)).toMatchObject({ state: 'caught-up', scanned: building.length });
  });

  it('stops searching on an empty query and keeps the objects for the next one', () => {
    const run = harness();
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', scan: true, queryId: 1, spec: spec('revit') });
    run.step();
    const before = run.updates.length;
    run.session.receive({ type: 'search', scan: true, queryId: 2, spec: null });
    run.runAll();
    expect(run.updates).toHaveLength(before);

    run.session.receive({ type: 'search', scan: true, queryId: 3, spec: spec(building[700]!.id) });
    run.runAll();
    expect(found(run.updates, 3).map(({ index }) => index)).toContain(700);
    expect(run.updates.at(-1)).toMatchObject({ available: building.length });
  });

  it('keeps one continuation queued however many messages arrive', () => {
    const run = harness();
    run.session.receive({ type: 'search', scan: true, queryId: 1, spec: spec('wall') });
    run.session.receive({ type: 'add', records: building.slice(0, 10) });
    run.session.receive({ type: 'add', records: building.slice(10, 20) });
    run.session.receive({ type: 'search', scan: true, queryId: 2, spec: spec('door') });
    expect(run.tasks).toHaveLength(1);
    run.runAll();
    expect(run.updates.map((update) => update.queryId)).toEqual([2]);
    expect(run.updates[0]).toMatchObject({ scanned: 20, state: 'caught-up' });
  });

  it('bounds a slice by time, not by count', () => {
    const run = harness({ sliceMs: 5 });
    run.session.receive({ type: 'add', records: building });
    run.session.receive({ type: 'search', scan: true, queryId: 1, spec: spec('zzz-nothing') });
    run.step();
    // The deadline is read at 1 ms (so it is 6 ms), then one reading per object: 2 … 6 ms.
    expect(run.updates[0]).toMatchObject({ scanned: 5, state: 'searching', objects: [] });
  });
});
