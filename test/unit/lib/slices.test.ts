import { describe, expect, it } from 'vitest';
import { runInSlices, runNow, type Steps } from '../../../src/lib/slices';

/** Steps that each take `costMs` on a fake clock, returning how many ran. */
function* work(clock: { now: number }, steps: number, costMs: number): Steps<number> {
  for (let done = 1; done <= steps; done += 1) {
    clock.now += costMs;
    if (done < steps) yield;
  }
  return steps;
}

describe('runInSlices', () => {
  it('gives each task its budget, then pauses for the browser', async () => {
    const clock = { now: 0 };
    const slices: number[] = [];
    let sliceStart = 0;

    const result = await runInSlices(work(clock, 100, 1), {
      budgetMs: 8,
      now: () => clock.now,
      pause: async () => {
        slices.push(clock.now - sliceStart);
        sliceStart = clock.now;
      },
    });

    expect(result).toBe(100);
    expect(slices).toHaveLength(12);
    expect(Math.max(...slices)).toBe(8);
  });

  it('stops at the next slice when the signal aborts', async () => {
    const clock = { now: 0 };
    const controller = new AbortController();
    let pauses = 0;

    const running = runInSlices(work(clock, 100, 1), {
      budgetMs: 8,
      signal: controller.signal,
      now: () => clock.now,
      pause: async () => {
        pauses += 1;
        if (pauses === 2) controller.abort();
      },
    });

    await expect(running).rejects.toThrow();
    expect(clock.now).toBe(16);
  });

  it('yields to real tasks between slices', async () => {
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    // Steps that take real time: on a fake clock the slices could all end before the timer was
    // due (node runs setTimeout(0) after 1 ms), and the test failed now and then.
    await runInSlices(busySteps(3, 2, { steps: 0 }), { budgetMs: 1 });
    expect(timerRan).toBe(true);
  });
});

/** Steps that each busy-wait `ms`, counting how many ran. */
function* busySteps(count: number, ms: number, ran: { steps: number }): Generator<void, string> {
  for (let i = 0; i < count; i += 1) {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // Busy: stands for parsing work.
    }
    ran.steps += 1;
    yield;
  }
  return 'done';
}

describe('runInSlices, on the real clock', () => {
  it('returns the generator’s value and lets timers run between slices', async () => {
    const ran = { steps: 0 };
    const timerSawSteps: number[] = [];
    const timer = setInterval(() => timerSawSteps.push(ran.steps), 0);
    const result = await runInSlices(busySteps(40, 1, ran), { budgetMs: 5 });
    clearInterval(timer);
    expect(result).toBe('done');
    expect(ran.steps).toBe(40);
    // The interval fired while the steps were only partly done: the work was given up in slices.
    expect(timerSawSteps.some((steps) => steps > 0 && steps < 40)).toBe(true);
  });

  it('stops at the next slice once aborted, rejecting with the reason', async () => {
    const ran = { steps: 0 };
    const controller = new AbortController();
    const running = runInSlices(busySteps(1000, 1, ran), {
      budgetMs: 3,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('stop')), 0);
    await expect(running).rejects.toThrow('stop');
    expect(ran.steps).toBeGreaterThan(0);
    expect(ran.steps).toBeLessThan(1000);
  });
});

describe('runNow', () => {
  it('runs every step at once', () => {
    expect(runNow(work({ now: 0 }, 5, 1))).toBe(5);
  });
});
