import { describe, expect, it } from 'vitest';
import { GrowingScan, type Accumulator } from '../../src/scheduling/growingScan';

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
    const items: number[] = [];
    const scan = new GrowingScan(items, sumOf(), 200);
    let publishes = 0;
    scan.subscribe(() => (publishes += 1));
    const started = performance.now();
    for (let round = 0; round < 20; round += 1) {
      items.push(...Array.from({ length: 100 }, () => 1));
      scan.scanTo(items.length);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await expect.poll(() => scan.getSnapshot().scanned, { timeout: 2000 }).toBe(2000);
    const elapsed = performance.now() - started;
    expect(scan.getSnapshot().result).toEqual({ sum: 2000, count: 2000 });
    expect(publishes).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 1);
    expect(publishes).toBeGreaterThanOrEqual(2);
  });

  it('stops on request and carries on from where it was', async () => {
    const items = Array.from({ length: 50_000 }, () => 1);
    let added = 0;
    const scan = new GrowingScan(
      items,
      {
        add: () => {
          added += 1;
          const until = performance.now() + 0.01;
          while (performance.now() < until) {
            // Slow enough to need several slices.
          }
        },
        result: () => added,
      },
      0,
    );
    let published = 0;
    scan.subscribe(() => (published += 1));
    scan.scanTo(items.length);
    scan.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(added).toBeLessThan(items.length);
    const stoppedAt = added;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(added).toBe(stoppedAt);

    scan.scanTo(items.length);
    await expect.poll(() => scan.getSnapshot().scanned, { timeout: 10_000 }).toBe(items.length);
    expect(added).toBe(items.length);
    expect(published).toBeGreaterThan(0);
  });
});
