/**
 * Case-insensitive search in keys and plain values (strings, numbers, booleans, null) inside one
 * parsed object, the object shown. The search across objects, with its options and field terms,
 * is searchQuery.ts, searchPattern.ts and searchMatch.ts.
 */
import { extendPath, pathOf, type Path, type PathLink } from './paths';

type MatchOn = 'key' | 'value';

interface ValueMatch {
  path: Path;
  on: MatchOn;
}

interface ValueSearch {
  /** The first `limit` matches in document order. */
  matches: ValueMatch[];
  /** All matches, also those past the limit. */
  total: number;
}

/** The query as matched: lowercased; null when there is nothing to look for. */
function toNeedle(query: string): string | null {
  return query === '' ? null : query.toLowerCase();
}

/** The text a plain value is matched and shown as; null for objects and arrays. */
function plainText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return String(value);
  }
  return null;
}

type Visitor = (link: PathLink, on: MatchOn, text: string) => void;

/**
 * Calls `visit` for each match in document order: a key before what is under it, a key before its
 * value. Iterative, so a value nested 10,000 levels deep is fine.
 */
function walkMatches(value: unknown, needle: string, visit: Visitor): void {
  const stack: Array<{ value: unknown; link: PathLink | null; keyed: boolean }> = [
    { value, link: null, keyed: false },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { link } = item;
    if (item.keyed && link) {
      const key = String(link.segment);
      if (includes(key, needle)) visit(link, 'key', key);
    }
    const text = plainText(item.value);
    if (text !== null) {
      // Numbers, booleans and null print in lowercase already; DataChunks hold 62,500 numbers.
      const lower = typeof item.value === 'string' ? text.toLowerCase() : text;
      if (link && lower.includes(needle)) visit(link, 'value', text);
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i -= 1) {
        stack.push({ value: item.value[i], link: extendPath(link, i), keyed: false });
      }
    } else {
      const record = item.value as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const key = keys[i] as string;
        stack.push({ value: record[key], link: extendPath(link, key), keyed: true });
      }
    }
  }
}

function includes(text: string, needle: string): boolean {
  return text.toLowerCase().includes(needle);
}

/** Matches inside one value (the object shown), for highlighting and next/previous. */
export function searchValue(
  value: unknown,
  query: string,
  options: { limit?: number } = {},
): ValueSearch {
  const needle = toNeedle(query);
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const result: ValueSearch = { matches: [], total: 0 };
  if (needle === null) return result;
  walkMatches(value, needle, (link, on) => {
    result.total += 1;
    if (result.matches.length < limit) result.matches.push({ path: pathOf(link), on });
  });
  return result;
}

/** Where in `text` the query occurs (case-insensitive, without overlaps), as UTF-16 ranges. */
export function matchRanges(text: string, query: string): Array<{ start: number; end: number }> {
  const needle = toNeedle(query);
  if (needle === null) return [];
  let lower = text.toLowerCase();
  let origin: ((index: number) => number) | null = null;
  if (lower.length !== text.length) {
    // Some characters grow when lowercased (`İ` becomes two): map positions back one by one.
    const starts: number[] = [];
    lower = '';
    let at = 0;
    for (const char of text) {
      const lowered = char.toLowerCase();
      for (let i = 0; i < lowered.length; i += 1) starts.push(at);
      lower += lowered;
      at += char.length;
    }
    starts.push(text.length);
    origin = (index) => starts[index] as number;
  }
  const ranges: Array<{ start: number; end: number }> = [];
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
    const end = at + needle.length;
    ranges.push(origin ? { start: origin(at), end: origin(end) } : { start: at, end });
  }
  return ranges;
}
