/**
 * The search for an object's own key in its JSON text, as UTF-8 bytes (jsonBytes.ts steps over
 * the text): backwards from the final `}`, as the server writes keys shortest first, whole or a
 * budget of bytes at a time.
 */
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  hasBytesAt,
  lastNonSpace,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  skipSpace,
  stringStart,
} from './jsonBytes';

/**
 * Just past the object's own `key` (quoted, as bytes) in `text[start, end)`, or -1 when it has none
 * or the text does not end its object. Reads backwards from the final `}`, strings passed over
 * whole and brackets counted: a string at depth 0 followed by a colon is a key of the object
 * itself, and the server writes keys shortest first, so a short key is found in a short tail.
 */
export function ownKeyEnd(text: Uint8Array, key: Uint8Array, start = 0, end = text.length): number {
  const search = ownKeySearch(text, start, end);
  const found = search && ownKeyEndBack(text, key, search, start, Number.POSITIVE_INFINITY);
  return typeof found === 'number' ? found : -1;
}

/** Where a search back for an object's own key stands: at `at`, `depth` brackets in. */
export interface OwnKeySearch {
  at: number;
  depth: number;
}

/** A search for an own key (ownKeyEnd), at the object's final `}`; null when the text has none. */
export function ownKeySearch(text: Uint8Array, start = 0, end = text.length): OwnKeySearch | null {
  const at = lastNonSpace(text, end - 1, start);
  return text[at] === CLOSE_BRACE ? { at, depth: 0 } : null;
}

/**
 * ownKeyEnd's search, gone on from where `search` stands for about `budget` bytes at most: the
 * key's end, -1, or where the search stands then, for a caller that must not hold its thread
 * while it passes over a root's closure of a million ids.
 */
export function ownKeyEndBack(
  text: Uint8Array,
  key: Uint8Array,
  search: OwnKeySearch,
  start: number,
  budget: number,
): number | OwnKeySearch {
  let { at, depth } = search;
  const stop = at - budget;
  for (at -= 1; at > start; at -= 1) {
    if (at < stop) return { at: at + 1, depth };
    const code = text[at];
    if (code === QUOTE) {
      const open = stringStart(text, at, start);
      if (open === -1) return -1;
      if (
        depth === 0 &&
        at + 1 - open === key.length &&
        hasBytesAt(text, key, open) &&
        text[skipSpace(text, at + 1)] === COLON
      ) {
        return at + 1;
      }
      at = open;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth += 1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth -= 1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}
