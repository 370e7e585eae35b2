/** The search across loaded objects, off the main thread: see searchSession.ts. */
import type { SearchDetails, SearchUpdate } from './objectMatching';
import { SearchSession, type SearchRequest } from './searchSession';

// The project's TypeScript setup knows the DOM's globals, not a worker's: name what is used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SearchRequest>) => void) | null;
  postMessage(message: SearchUpdate | SearchDetails): void;
};

const session = new SearchSession({
  post: (update) => scope.postMessage(update),
  schedule: (task) => setTimeout(task, 0),
  // Off the main thread a slice only bounds how long a new query waits to be taken.
  sliceMs: 40,
});

scope.onmessage = (event) => session.receive(event.data);
