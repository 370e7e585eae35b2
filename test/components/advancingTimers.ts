import { onTestFinished, vi } from 'vitest';

/**
 * Fake timers that still run with the clock, so that the app, user-event and waitFor go on as they
 * would: a test skips a pause it has seen begin (an automatic retry's second) with
 * `vi.advanceTimersByTime` rather than waiting it out. The clock moves a millisecond at a time:
 * user-event waits for a timer between keystrokes, and by the default 20 ms typing an id took a
 * second. Real timers come back when the test ends.
 */
export function useAdvancingFakeTimers(): void {
  vi.useFakeTimers({ shouldAdvanceTime: true, advanceTimeDelta: 1 });
  onTestFinished(() => void vi.useRealTimers());
}
