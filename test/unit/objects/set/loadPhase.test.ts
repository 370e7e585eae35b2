import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/apiError';
import { loadPhaseOf } from '../../../../src/objects/set/loadPhase';
import { ObjectSet } from '../../../../src/objects/set/objectSet';
import { appendRecords } from '../../support/objectSets';

const ROOT = 'a'.repeat(32);
const CHILDREN = ['b', 'c', 'd'].map((letter) => letter.repeat(32));

const root = {
  id: ROOT,
  raw: JSON.stringify({
    id: ROOT,
    speckle_type: 'Base',
    __closure: Object.fromEntries(CHILDREN.map((id) => [id, 1])),
  }),
};
const child = (id: string) => ({ id, raw: JSON.stringify({ id, speckle_type: 'Base' }) });

const context = { base: 'https://speckle.test', projectId: 'p', objectId: ROOT, hadToken: false };

describe('loadPhaseOf', () => {
  it('returns the same object while only the running counters change', () => {
    const set = new ObjectSet();
    appendRecords(set, [root]);
    const phase = loadPhaseOf(set);
    const progress = set.getProgress();

    appendRecords(set, [child(CHILDREN[0]!)]);
    appendRecords(set, [child(CHILDREN[1]!)]);

    expect(set.getProgress()).not.toBe(progress);
    expect(set.getProgress().received).toBe(3);
    expect(loadPhaseOf(set)).toBe(phase);
    expect(phase).toMatchObject({ status: 'loading', loading: true, anyReceived: true });
  });

  it('keeps one phase per set', () => {
    const first = new ObjectSet();
    const second = new ObjectSet();
    appendRecords(first, [root]);

    expect(loadPhaseOf(second)).not.toBe(loadPhaseOf(first));
    expect(loadPhaseOf(second).anyReceived).toBe(false);
    expect(loadPhaseOf(first).anyReceived).toBe(true);
  });

  it('changes when the first object arrives, with the expected count', () => {
    const set = new ObjectSet();
    const waiting = loadPhaseOf(set);
    expect(waiting).toMatchObject({ status: 'waiting', loading: true, anyReceived: false });
    expect(waiting.expected).toBeNull();

    appendRecords(set, [root]);

    const loading = loadPhaseOf(set);
    expect(loading).not.toBe(waiting);
    expect(loading).toMatchObject({ status: 'loading', anyReceived: true, expected: 4 });
  });

  it('changes when the first repeat arrives, not with the next ones', () => {
    const set = new ObjectSet();
    appendRecords(set, [root, child(CHILDREN[0]!)]);
    const before = loadPhaseOf(set);
    expect(before.anyDuplicates).toBe(false);

    appendRecords(set, [child(CHILDREN[0]!)]);
    const repeated = loadPhaseOf(set);
    expect(repeated).not.toBe(before);
    expect(repeated.anyDuplicates).toBe(true);

    appendRecords(set, [child(CHILDREN[0]!), child(CHILDREN[1]!)]);
    expect(set.getProgress().duplicates).toBe(2);
    expect(loadPhaseOf(set)).toBe(repeated);
  });

  it('changes when a retry is pending and again when objects arrive after it', () => {
    const set = new ObjectSet();
    const error = new ApiError('rate-limited', { ...context, status: 429 });
    const waiting = loadPhaseOf(set);

    set.waitForRetry({ attempt: 1, of: 3, delayMs: 1000 }, error);
    const retrying = loadPhaseOf(set);
    expect(retrying).not.toBe(waiting);
    expect(retrying.retry).toEqual({ attempt: 1, of: 3, delayMs: 1000 });
    expect(retrying.error).toBe(error);

    set.waitForRetry({ attempt: 2, of: 3, delayMs: 2000 }, error);
    const again = loadPhaseOf(set);
    expect(again).not.toBe(retrying);
    expect(again.retry?.attempt).toBe(2);

    appendRecords(set, [root]);
    const loading = loadPhaseOf(set);
    expect(loading).not.toBe(again);
    expect(loading.retry).toBeNull();
  });

  it('changes when the load completes', () => {
    const set = new ObjectSet();
    appendRecords(set, [root, ...CHILDREN.map(child)]);
    const loading = loadPhaseOf(set);

    set.finish();

    const complete = loadPhaseOf(set);
    expect(complete).not.toBe(loading);
    expect(complete).toMatchObject({ status: 'complete', loading: false, error: null });
    expect(complete.finishedAt).not.toBeNull();
    expect(loadPhaseOf(set)).toBe(complete);
  });

  it('changes when the load fails, with its error', () => {
    const set = new ObjectSet();
    appendRecords(set, [root]);
    const loading = loadPhaseOf(set);
    const error = new ApiError('truncated', context);

    set.fail(error);

    const failed = loadPhaseOf(set);
    expect(failed).not.toBe(loading);
    expect(failed).toMatchObject({ status: 'incomplete', loading: false });
    expect(failed.error).toBe(error);
  });
});
