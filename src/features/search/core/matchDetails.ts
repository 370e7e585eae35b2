/**
 * The matches of the objects on screen, asked of the search in chunks of `CHUNK` and kept for a
 * while: scrolling back finds them, and only a few hundred chunks are held whatever the total.
 */
import type { FoundMatch } from '../../../speckle/searchMatch';
import type { DetailsRequest, SearchDetails } from '../worker/objectMatching';

export const CHUNK = 50;
const KEPT = 400;

export interface ShownMatch {
  id: string;
  speckleType: string | null;
  name: string | null;
  match: FoundMatch;
}

export class MatchDetails {
  private readonly chunks = new Map<string, SearchDetails>();
  private readonly asked = new Set<string>();
  private readonly waiting = new Map<
    string,
    Array<{ match: number; then: (shown: ShownMatch) => void }>
  >();

  constructor(readonly queryId: number) {}

  /** The `match`th match of the object at `index`, if it came. */
  get(index: number, match: number): ShownMatch | null {
    const from = match - (match % CHUNK);
    const chunk = this.chunks.get(`${index}:${from}`);
    const found = chunk?.matches[match - from];
    if (!chunk || !found) return null;
    return { id: chunk.id, speckleType: chunk.speckleType, name: chunk.name, match: found };
  }

  /** The request for that match's chunk, unless it came or was asked for. */
  want(index: number, match: number): DetailsRequest | null {
    const from = match - (match % CHUNK);
    const key = `${index}:${from}`;
    if (this.asked.has(key)) return null;
    this.asked.add(key);
    return { queryId: this.queryId, index, from, limit: CHUNK };
  }

  /** Calls `then` with the match once its chunk comes (at once if it is here). */
  whenCome(index: number, match: number, then: (shown: ShownMatch) => void): void {
    const shown = this.get(index, match);
    if (shown) return then(shown);
    const key = `${index}:${match - (match % CHUNK)}`;
    this.waiting.set(key, [...(this.waiting.get(key) ?? []), { match, then }]);
  }

  put(details: SearchDetails): void {
    if (details.queryId !== this.queryId) return;
    const key = `${details.index}:${details.from}`;
    this.chunks.set(key, details);
    const waiting = this.waiting.get(key) ?? [];
    this.waiting.delete(key);
    for (const { match, then } of waiting) {
      const shown = this.get(details.index, match);
      if (shown) then(shown);
    }
    if (this.chunks.size > KEPT) {
      // The oldest chunk goes; it is asked for again if it is shown again.
      const [oldest] = this.chunks.keys();
      this.chunks.delete(oldest!);
      this.asked.delete(oldest!);
    }
  }
}
