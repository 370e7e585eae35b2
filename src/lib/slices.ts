/**
 * Long work on the main thread, cut into slices: the work is a generator that yields often (every
 * few thousand items), and the runner gives each task a time budget, then lets the browser paint
 * and handle input before the next. Sorting 100,000 objects takes far longer than a frame; in
 * slices of 8 ms it never makes the page miss more than one.
 */
import { nextTask } from './nextTask';

/** What a step yields is the caller's own (a phase name, say): the runner only counts steps. */
export type Steps<Result> = Generator<unknown, Result, void>;

interface SliceOptions {
  /** Milliseconds of work per task. */
  budgetMs?: number;
  /** Abandons the work at the next slice; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  now?: () => number;
  /** Resolves in a later task. */
  pause?: () => Promise<void>;
}

const BUDGET_MS = 8;

export async function runInSlices<Result>(
  steps: Steps<Result>,
  {
    budgetMs = BUDGET_MS,
    signal,
    now = () => performance.now(),
    pause = nextTask,
  }: SliceOptions = {},
): Promise<Result> {
  for (;;) {
    signal?.throwIfAborted();
    const deadline = now() + budgetMs;
    let step = steps.next();
    while (!step.done && now() < deadline) step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** Runs every step at once: for callers that may block (tests, small inputs). */
export function runNow<Result>(steps: Steps<Result>): Result {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}
