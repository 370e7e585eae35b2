import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, backgroundTask, nextTask } from '../../../src/lib/nextTask';

afterEach(() => vi.unstubAllGlobals());

/** Checks that `wait` resolves in a later task, not among the microtasks of this one. */
async function expectLaterTask(wait: () => Promise<void>): Promise<void> {
  let resolved = false;
  const waiting = wait().then(() => (resolved = true));
  await Promise.resolve();
  expect(resolved).toBe(false);
  await waiting;
  expect(resolved).toBe(true);
}

describe('nextTask', () => {
  it('resolves in a later task, after the microtasks queued meanwhile', async () => {
    const order: string[] = [];
    const waiting = nextTask().then(() => order.push('next task'));
    void Promise.resolve()
      .then(() => order.push('microtask'))
      .then(() => order.push('its follow-up'));
    await waiting;
    expect(order).toEqual(['microtask', 'its follow-up', 'next task']);
  });
});

describe('backgroundTask', () => {
  it("asks the browser's scheduler for a background task when it has one", async () => {
    const postTask = vi.fn((callback: () => void) => Promise.resolve(callback()));
    vi.stubGlobal('scheduler', { postTask });
    await backgroundTask();
    expect(postTask).toHaveBeenCalledWith(expect.any(Function), { priority: 'background' });
  });

  it('is the next task where there is no scheduler', async () => {
    vi.stubGlobal('scheduler', undefined);
    await expectLaterTask(backgroundTask);
  });
});

describe('afterNextPaint', () => {
  it('waits for the next frame, then for a task after it', async () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    let resolved = false;
    const waiting = afterNextPaint().then(() => (resolved = true));
    await nextTask();
    expect(resolved).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]!();
    // The frame's callback runs before the paint: the work waits for a task after it.
    await Promise.resolve();
    expect(resolved).toBe(false);
    await waiting;
    expect(resolved).toBe(true);
  });

  it('goes on without a frame when none comes (a hidden page)', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('requestAnimationFrame', () => 0);
      let resolved = false;
      const waiting = afterNextPaint().then(() => (resolved = true));
      await vi.advanceTimersByTimeAsync(99);
      expect(resolved).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(resolved).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is the next task where nothing paints', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    await expectLaterTask(afterNextPaint);
  });
});
