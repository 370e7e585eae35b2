import { afterEach, describe, expect, it, vi } from 'vitest';
import { GrowingScan, type Accumulator } from '../../../src/lib/growingScan';
import { nextTask } from '../../../src/lib/nextTask';

function sumOf(): Accumulator<number, { sum: number; count: number }> {
  let sum = 0;
  let count = 0;
  return {
    add: (item) => {
      sum += item;
      count += 1;
    },
    result: () => ({ sum, count }),
  };
}

function nextPublish(scan: GrowingScan<number, unknown>): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = scan.subscribe(() => {
      unsubscribe();
      resolve();
    });
  });
}

describe('GrowingScan', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows a growing list and publishes once it has caught up', async () => {
    const items = [1, 2, 3];
    const scan = new GrowingScan(items, sumOf(), 0);
    expect(scan.getSnapshot()).toEqual({ result: { sum: 0, count: 0 }, scanned: 0 });
    scan.scanTo(3);
    await nextPublish(scan);
    expect(scan.getSnapshot()).toEqual({ result: { sum: 6, count: 3 }, scanned: 3 });

    items.push(10, 20);
    scan.scanTo(5);
    await nextPublish(scan);
    expect(scan.getSnapshot()).toEqual({ result: { sum: 36, count: 5 }, scanned: 5 });
    // Never past the items there are.
    scan.scanTo(50);
    expect(scan.getSnapshot().scanned).toBe(5);
  });

  it('publishes at most once per interval however often it is asked to scan on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const items: number[] = [];
    const scan = new GrowingScan(items, sumOf(), 200);
    const publishedAt: number[] = [];
    scan.subscribe(() => publishedAt.push(performance.now()));
    for (let round = 0; round < 20; round += 1) {
      items.push(...Array.from({ length: 100 }, () => 1));
      scan.scanTo(items.length);
      await vi.advanceTimersByTimeAsync(20);
    }
    await vi.runAllTimersAsync();

    expect(scan.getSnapshot()).toEqual({ result: { sum: 2000, count: 2000 }, scanned: 2000 });
    // 400 ms of asking: at the start, then no sooner than every 200 ms.
    expect(publishedAt).toEqual([0, 200, 400]);
  });

  it('stops on request and carries on from where it was', async () => {
    // Each hundred items take a millisecond of the (fake) clock: a slice of 8 ms adds 800.
    vi.useFakeTimers({ toFake: ['performance'] });
    const items = Array.from({ length: 50_000 }, () => 1);
    let added = 0;
    const scan = new GrowingScan(
      items,
      {
        add: () => {
          added += 1;
          if (added % 100 === 0) vi.advanceTimersByTime(1);
        },
        result: () => added,
      },
      0,
    );
    let published = 0;
    scan.subscribe(() => (published += 1));
    scan.scanTo(items.length);
    scan.stop();
    const stoppedAt = added;
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(items.length);
    // The tasks in which the next slices would have run.
    await nextTask();
    await nextTask();
    expect(added).toBe(stoppedAt);

    scan.scanTo(items.length);
    await expect.poll(() => scan.getSnapshot().scanned).toBe(items.length);
    expect(added).toBe(items.length);
    expect(published).toBeGreaterThan(0);
  });
});
