import { parseDeferringLargeSteps } from '../../../src/bytes/lazyObject';
import { runNow } from '../../../src/lib/slices';

/** The parse run to its end, as the page runs its steps in slices. */
export function parseDeferringLarge(...args: Parameters<typeof parseDeferringLargeSteps>): unknown {
  return runNow(parseDeferringLargeSteps(...args));
}
