/**
 * Case-insensitive search in keys and plain values (strings, numbers, booleans, null), inside one
 * parsed object or across every loaded object.
 *
 * The cross-object search is a pure function over `{id, raw}` records so that it can run in a
 * worker. It first tests each object's text with a plain substring search and parses only the
 * objects that pass; `limit` bounds how many it parses after that. The text test can miss a number
 * that the JSON writes differently from JavaScript (`1e21` vs `1e+21`); every Speckle writer seen
 * so far prints plain decimals.
 */
import type { LineRecord } from '../bytes/lines';
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

/** What a match across objects was found in: an object's own id, type, applicationId or name,
 * any other key, or any other value. */
export type SearchField = 'id' | 'type' | 'applicationId' | 'name' | 'key' | 'value';

const SEARCH_FIELDS: readonly SearchField[] = [
  'id',
  'type',
  'applicationId',
  'name',
  'key',
  'value',
];

const OWN_FIELDS: Record<string, SearchField> = {
  id: 'id',
  speckle_type: 'type',
  applicationId: 'applicationId',
  name: 'name',
};

export interface FieldMatch {
  path: Path;
  field: SearchField;
  /** The matched key or value, cut to about `EXCERPT_LENGTH` characters around the match. */
  excerpt: string;
}

export interface ObjectMatch {
  id: string;
  /** The object's own `speckle_type` and `name`, to label it in a list of results. */
  speckleType: string | null;
  name: string | null;
  /** The object's own id, type, applicationId and name matches first, then the rest. */
  matches: FieldMatch[];
  /** All matches in the object, also those not listed. */
  total: number;
}

interface ObjectSearchOptions {
  /** Stop after this many matching objects. */
  limit?: number;
  /** Matches listed per object. */
  perObject?: number;
  /** Where to look; all fields by default. */
  fields?: readonly SearchField[];
}

interface ObjectSearchResult {
  objects: ObjectMatch[];
  /** Records looked at. */
  scanned: number;
  /** False when the search stopped at `limit` before the last record. */
  complete: boolean;
}

export const DEFAULT_OBJECT_LIMIT = 200;
export const DEFAULT_PER_OBJECT = 5;
const EXCERPT_LENGTH = 120;

/**
 * A matcher for one query, for callers that feed records in batches (a worker that reports
 * progress or can be told to stop). Null when the query is empty.
 */
export function createObjectMatcher(
  query: string,
  options: Pick<ObjectSearchOptions, 'perObject' | 'fields'> = {},
): ((record: LineRecord) => ObjectMatch | null) | null {
  const needle = toNeedle(query);
  if (needle === null) return null;
  const perObject = options.perObject ?? DEFAULT_PER_OBJECT;
  const fields = new Set(options.fields ?? SEARCH_FIELDS);
  const inText = rawNeedle(needle);
  // Lowercasing 100 MB of text is the main cost; a query without letters can skip it.
  const caseless = needle === needle.toUpperCase();

  return ({ id, raw }) => {
    if (inText !== null && !(caseless ? raw : raw.toLowerCase()).includes(inText)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return null;
    }
    const own: FieldMatch[] = [];
    const other: FieldMatch[] = [];
    let total = 0;
    walkMatches(parsed, needle, (link, on, text) => {
      const field = classify(link, on);
      if (!fields.has(field)) return;
      total += 1;
      const list = field === 'key' || field === 'value' ? other : own;
      if (list.length < perObject) {
        list.push({ path: pathOf(link), field, excerpt: excerpt(text, needle) });
      }
    });
    if (total === 0) return null;
    return {
      id,
      speckleType: ownString(parsed, 'speckle_type'),
      name: ownString(parsed, 'name'),
      matches: [...own, ...other].slice(0, perObject),
      total,
    };
  };
}

export function searchObjects(
  records: Iterable<LineRecord>,
  query: string,
  options: ObjectSearchOptions = {},
): ObjectSearchResult {
  const limit = options.limit ?? DEFAULT_OBJECT_LIMIT;
  const result: ObjectSearchResult = { objects: [], scanned: 0, complete: true };
  const match = createObjectMatcher(query, options);
  if (match === null) return result;
  for (const record of records) {
    if (result.objects.length >= limit) {
      result.complete = false;
      break;
    }
    result.scanned += 1;
    const found = match(record);
    if (found) result.objects.push(found);
  }
  return result;
}

/**
 * The needle as it appears in JSON text, where `"`, `\` and control characters are escaped the
 * same way by JSON.stringify and by Postgres. Null when the text test cannot be trusted.
 */
function rawNeedle(needle: string): string | null {
  const escaped = JSON.stringify(needle).slice(1, -1);
  // A lone surrogate has no UTF-8 form: the text cannot hold it as it is.
  return /\\u(d[89a-f])/i.test(escaped) ? null : escaped;
}

function ownString(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : null;
}

function classify(link: PathLink, on: MatchOn): SearchField {
  const own = link.parent === null ? OWN_FIELDS[String(link.segment)] : undefined;
  if (own !== undefined && on === 'value') return own;
  return on;
}

/** `text` cut to about `EXCERPT_LENGTH` characters with the first match inside. */
export function excerpt(text: string, query: string, length = EXCERPT_LENGTH): string {
  if (text.length <= length) return text;
  const first = matchRanges(text, query)[0] ?? { start: 0, end: 0 };
  const room = Math.max(0, length - (first.end - first.start));
  const start = Math.max(0, Math.min(first.start - Math.floor(room / 2), text.length - length));
  const end = Math.min(text.length, start + length);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
