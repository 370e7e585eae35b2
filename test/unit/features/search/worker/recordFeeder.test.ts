import { describe, expect, it } from 'vitest';
import type { LineRecord } from '../../../../../src/bytes/lines';
import {
  nextBatch,
  RecordFeeder,
  type RecordSource,
} from '../../../../../src/features/search/worker/recordFeeder';

function records(lengths: readonly number[]): LineRecord[] {
  return lengths.map((length, index) => ({ id: `o${index}`, raw: 'x'.repeat(length) }));
}

/** A source that grows like a loading set: only `available` of its records exist so far. */
function growing(all: readonly LineRecord[]) {
  const source: RecordSource & { available: number } = {
    available: 0,
    count: () => source.available,
    record: (index) => all[index] as LineRecord,
  };
  return source;
}

describe('nextBatch', () => {
  const source = growing(records([40, 30, 30, 100, 10]));
  source.available = 5;

  it('takes objects up to a number of characters', () => {
    expect(nextBatch(source, 0, 100).map(({ id }) => id)).toEqual(['o0', 'o1', 'o2']);
    expect(nextBatch(source, 1, 59).map(({ id }) => id)).toEqual(['o1']);
  });

  it('takes one object bigger than the limit on its own', () => {
    expect(nextBatch(source, 3, 50).map(({ id }) => id)).toEqual(['o3']);
  });

  it('takes nothing past the end', () => {
    expect(nextBatch(source, 5, 100)).toEqual([]);
  });
});

describe('RecordFeeder', () => {
  function feeder(all: readonly LineRecord[], maxChars: number) {
    const source = growing(all);
    const sent: LineRecord[][] = [];
    const tasks: Array<() => void> = [];
    const feed = new RecordFeeder(
      source,
      (batch) => sent.push(batch),
      (task) => tasks.push(task),
      maxChars,
    );
    const runAll = () => {
      for (let task = tasks.shift(); task; task = tasks.shift()) task();
    };
    return { source, sent, tasks, feed, runAll };
  }

  it('sends every object once, in order, one batch per task', () => {
    const all = records(Array.from({ length: 50 }, (_, index) => 10 + index));
    const run = feeder(all, 200);
    run.source.available = all.length;
    run.feed.pump();
    expect(run.sent).toHaveLength(0);
    run.tasks.shift()?.();
    expect(run.sent).toHaveLength(1);
    expect(run.tasks).toHaveLength(1);
    run.runAll();
    expect(run.sent.flat()).toEqual(all);
    expect(run.sent.length).toBeGreaterThan(5);
    for (const batch of run.sent) {
      expect(batch.reduce((sum, { raw }) => sum + raw.length, 0)).toBeLessThanOrEqual(200);
    }
    expect(run.feed.sentCount).toBe(all.length);
  });

  it('sends what arrives later when pumped again, and nothing twice', () => {
    const all = records(Array.from({ length: 30 }, () => 10));
    const run = feeder(all, 100);
    run.source.available = 12;
    run.feed.pump();
    run.feed.pump();
    expect(run.tasks).toHaveLength(1);
    run.runAll();
    expect(run.feed.sentCount).toBe(12);
    run.feed.pump();
    expect(run.tasks).toHaveLength(0);

    run.source.available = 30;
    run.feed.pump();
    run.runAll();
    expect(run.sent.flat()).toEqual(all);
  });

  it('sends nothing more once stopped', () => {
    const all = records(Array.from({ length: 30 }, () => 10));
    const run = feeder(all, 100);
    run.source.available = 20;
    run.feed.pump();
    run.runAll();
    const before = run.sent.length;
    run.feed.stop();
    run.source.available = 30;
    run.feed.pump();
    run.runAll();
    expect(run.sent).toHaveLength(before);

    const early = feeder(all, 100);
    early.source.available = 30;
    early.feed.pump();
    early.feed.stop();
    early.runAll();
    expect(early.sent).toHaveLength(0);
  });
});
