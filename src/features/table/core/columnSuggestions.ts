/**
 * The columns the chosen objects could have: every path to a plain value, a parameter or a
 * reference within them, counted once per object that has it, and numeric when every value found
 * there is a number.
 *
 * - A parameter (an object with `name`, `value` and `units`) is offered by its `name`
 *   (`parameters."Fire Rating"`), which a column finds as a search's field term does.
 * - Speckle's `@` is left out of a name (`displayValue`), as a path finds the key either way.
 * - A reference is offered as itself (its cell is the id it points to); a path through it to a
 *   field of the referenced object is typed on after it (`level.name`).
 * - The walk stops at `MAX_DEPTH` names, looks at the first `ARRAY_SAMPLE` elements of an array
 *   (a mesh's vertices are one column, not thousands) and skips `__closure`, whose keys are ids.
 * - At most `MAX_TRACKED` paths are counted (the first met); the answer is the `MAX_SUGGESTIONS`
 *   that the most objects have.
 */
import { formatCount } from '../../../speckle/counts';
import { fieldPathText } from '../../../speckle/searchQuery';
import { isParameter, numberOf } from '../../../speckle/searchMatch';
import { isReference } from '../../../speckle/references';
import type { ColumnSuggestion } from './tableRows';

const MAX_DEPTH = 4;
const ARRAY_SAMPLE = 16;
const MAX_TRACKED = 5_000;
export const MAX_SUGGESTIONS = 300;

interface Tally {
  count: number;
  numeric: boolean;
  /** The last object counted, so that an object counts once however many values it has there. */
  lastObject: number;
}

export class ColumnSuggestions {
  private readonly tallies = new Map<string, Tally>();
  private objects = 0;

  add(value: unknown): void {
    this.objects += 1;
    const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
    for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
      const { path } = item;
      const here = item.value;
      if (Array.isArray(here)) {
        for (const element of here.slice(0, ARRAY_SAMPLE)) stack.push({ value: element, path });
        continue;
      }
      if (isParameter(here)) {
        this.count(path, numberOf(here.value) !== null);
        continue;
      }
      if (typeof here !== 'object' || here === null || isReference(here)) {
        if (path.length > 0) this.count(path, typeof here === 'number');
        continue;
      }
      if (path.length >= MAX_DEPTH) continue;
      const record = here as Record<string, unknown>;
      for (const [key, child] of Object.entries(record)) {
        if (key === '__closure') continue;
        stack.push({ value: child, path: [...path, nameOf(record, key, child)] });
      }
    }
  }

  /** The suggestions, the columns most objects have first (ties by path). */
  list(): ColumnSuggestion[] {
    return [...this.tallies]
      .map(([column, { count, numeric }]) => ({ column, count, numeric }))
      .sort((a, b) => b.count - a.count || (a.column < b.column ? -1 : 1))
      .slice(0, MAX_SUGGESTIONS);
  }

  private count(path: string[], numeric: boolean): void {
    const column = fieldPathText(path);
    let tally = this.tallies.get(column);
    if (!tally) {
      if (this.tallies.size >= MAX_TRACKED) return;
      tally = { count: 0, numeric: true, lastObject: -1 };
      this.tallies.set(column, tally);
    }
    tally.numeric &&= numeric;
    if (tally.lastObject === this.objects) return;
    tally.lastObject = this.objects;
    tally.count += 1;
  }
}

/** The name a path uses for `key`: a parameter's own name, or the key without Speckle's `@`. */
function nameOf(record: Record<string, unknown>, key: string, child: unknown): string {
  if (
    isParameter(child) &&
    typeof child.name === 'string' &&
    child.name !== '' &&
    // A key of that name would be found first.
    !Object.hasOwn(record, child.name)
  ) {
    return child.name;
  }
  if (key.startsWith('@') && key.length > 1 && !Object.hasOwn(record, key.slice(1))) {
    return key.slice(1);
  }
  return key;
}

/**
 * What the suggestions' counts are over, said beside them: all the chosen objects, or only the
 * first of them the suggestions were counted from, lest a count over those look like a total.
 */
export function suggestionsHint(suggestedFrom: number | null, sourceCount: number | null): string {
  if (suggestedFrom === null || sourceCount === null || suggestedFrom >= sourceCount) {
    return 'Each path with the number of the chosen objects that have a value there.';
  }
  return `Each path with how many of the first ${formatCount(suggestedFrom)} of the ${formatCount(sourceCount)} chosen objects have a value there: paths only later objects have can be typed below.`;
}
