import { afterEach, describe, expect, it, vi } from 'vitest';
import { backgroundTask, nextTask } from '../../src/speckle/nextTask';

afterEach(() => vi.unstubAllGlobals());

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
    let resolved = false;
    const waiting = backgroundTask().then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    await waiting;
    expect(resolved).toBe(true);
  });
});
