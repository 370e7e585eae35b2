/**
 * A parsed query (searchQuery.ts) applied to objects: whether an object matches, how many matches
 * it holds, and, for the few on screen, what and where they are.
 *
 * An object matches when each field term holds (or, negated, does not) and, when there is free
 * text, when the text is found in it. Its matches are the keys and plain values the free text is
 * found in (one each, however often the text occurs in it); with no free text, the values the
 * field terms found; with negated terms alone, the object itself.
 *
 * A field path starts at the object's top. Each name is a key of the object reached so far, or
 * that key with Speckle's `@` in front (`displayValue` finds `@displayValue`), or else the `name`
 * of a parameter held there (an object with `name`, `value` and `units`, as Revit's parameters
 * are): `parameters.FIRE_RATING` finds the parameter stored under that key, `parameters."Fire
 * Rating"` the one so named. Arrays on the way are looked through, each element in turn. Where a
 * path ends on a parameter, its `value` is what is compared; `:*` holds when the path leads
 * anywhere, a null value included.
 */
import { extendPath, pathOf, type Path, type PathLink } from './paths';
import { compilePattern, type TextPattern, type TextRange } from './searchPattern';
import type { FieldTerm, MatchOptions, QueryError, SearchQuery } from './searchQuery';

/** What a match was found in: an object's own id, type, applicationId or name, any other key,
 * any other value, or (negated terms alone) the object. */
export type MatchField = 'id' | 'type' | 'applicationId' | 'name' | 'key' | 'value' | 'object';

export interface FoundMatch {
  path: Path;
  field: MatchField;
  /** The matched key or value, cut to about `EXCERPT_LENGTH` characters around the match. */
  excerpt: string;
  /** Where the excerpt shows the match. */
  marks: TextRange[];
}

export interface ObjectSearch {
  /** Whether an object's JSON text may match: false lets it go without being parsed. */
  mayMatch(json: string): boolean;
  /** How many matches the parsed object holds; 0 when it does not match. */
  count(value: unknown): number;
  /** The parsed object's matches from `from`, at most `limit`: its own fields first. */
  matches(value: unknown, from?: number, limit?: number): FoundMatch[];
}

export type CompiledSearch = { ok: true; search: ObjectSearch } | { ok: false; error: QueryError };

const EXCERPT_LENGTH = 120;

const OWN_FIELDS: Record<string, MatchField> = {
  id: 'id',
  speckle_type: 'type',
  applicationId: 'applicationId',
  name: 'name',
};

interface CompiledTerm {
  term: FieldTerm;
  pattern: TextPattern | null;
}

/** Null when the query asks for nothing (no text, no field). */
export function compileSearch(query: SearchQuery, options: MatchOptions): CompiledSearch | null {
  if (query.text === '' && query.fields.length === 0) return null;
  let text: TextPattern | null = null;
  if (query.text !== '') {
    const compiled = compilePattern(query.text, options);
    if (!compiled.ok) {
      const at = query.textPlaces[compiled.error.at] ?? (query.textPlaces.at(-1) ?? -1) + 1;
      return { ok: false, error: { ...compiled.error, at } };
    }
    text = compiled.pattern;
  }
  const terms: CompiledTerm[] = [];
  for (const term of query.fields) {
    if (term.test.kind !== 'contains') {
      terms.push({ term, pattern: null });
      continue;
    }
    const compiled = compilePattern(term.test.text, options);
    if (!compiled.ok) {
      return { ok: false, error: { ...compiled.error, at: term.valueAt + compiled.error.at } };
    }
    terms.push({ term, pattern: compiled.pattern });
  }
  return { ok: true, search: objectSearch(text, terms, options) };
}

function objectSearch(
  text: TextPattern | null,
  terms: CompiledTerm[],
  options: MatchOptions,
): ObjectSearch {
  const filters = [
    text?.inJson,
    ...terms.map(({ term, pattern }) => !term.negated && pattern?.inJson),
  ].filter((filter) => typeof filter === 'function');

  /** Each match in order, until `visit` returns false; false when the object does not match. */
  function each(value: unknown, visit: (found: Found) => boolean): boolean {
    const fieldMatches: Found[] = [];
    for (const { term, pattern } of terms) {
      const found = valuesAt(value, term.path).filter((at) => holds(term, pattern, at, options));
      if (found.length > 0 === term.negated) return false;
      if (term.negated) continue;
      for (const { link, value: at } of found) {
        fieldMatches.push({ link, on: 'value', text: plainText(at) ?? '', pattern });
      }
    }
    if (text) return eachTextMatch(value, text, options.scope, visit);
    const found: Found[] =
      fieldMatches.length > 0
        ? fieldMatches
        : [{ link: null, on: 'object', text: '', pattern: null }];
    for (const match of found) if (!visit(match)) break;
    return true;
  }

  return {
    mayMatch: (json) => filters.every((filter) => filter(json)),
    count(value) {
      let total = 0;
      each(value, () => {
        total += 1;
        return true;
      });
      return total;
    },
    matches(value, from = 0, limit = Number.POSITIVE_INFINITY) {
      const own: Found[] = [];
      const other: Found[] = [];
      each(value, (found) => {
        (classify(found) === 'key' || classify(found) === 'value' ? other : own).push(found);
        // Own fields come first, and there are at most four: the rest need not be gathered.
        return other.length < from + limit;
      });
      return [...own, ...other].slice(from, from + limit).map((found) => describe(found, terms));
    },
  };
}

interface Found {
  link: PathLink | null;
  on: 'key' | 'value' | 'object';
  /** The key or value as text. */
  text: string;
  pattern: TextPattern | null;
}

/** The text a plain value is matched and shown as; null for objects and arrays. */
export function plainText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return String(value);
  }
  return null;
}

/** Free-text matches in document order, a key before its value; iterative, for deep nesting. */
function eachTextMatch(
  root: unknown,
  pattern: TextPattern,
  scope: MatchOptions['scope'],
  visit: (found: Found) => boolean,
): boolean {
  let any = false;
  const stack: Array<{ value: unknown; link: PathLink | null; keyed: boolean }> = [
    { value: root, link: null, keyed: false },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { link, value } = item;
    if (item.keyed && link && scope !== 'values') {
      const key = String(link.segment);
      if (pattern.test(key)) {
        any = true;
        if (!visit({ link, on: 'key', text: key, pattern })) return true;
      }
    }
    const text = plainText(value);
    if (text !== null) {
      if (link && scope !== 'keys' && pattern.test(text)) {
        any = true;
        if (!visit({ link, on: 'value', text, pattern })) return true;
      }
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) {
        stack.push({ value: value[i], link: extendPath(link, i), keyed: false });
      }
    } else {
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const key = keys[i]!;
        stack.push({ value: record[key], link: extendPath(link, key), keyed: true });
      }
    }
  }
  return any;
}

interface Located {
  link: PathLink | null;
  value: unknown;
}

/** A Revit parameter (or a connector's property of that shape): compared by its `value`. */
export function isParameter(
  value: unknown,
): value is { name: unknown; value: unknown; units: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'name' in value &&
    'value' in value &&
    'units' in value
  );
}

/** The values a field path leads to (see the module's comment). */
export function valuesAt(root: unknown, path: readonly string[]): Located[] {
  let here: Located[] = [{ link: null, value: root }];
  for (const name of path) {
    const next: Located[] = [];
    for (const located of here.flatMap(lookThroughArrays)) {
      for (const { key, value } of stepInto(located.value, name)) {
        next.push({ link: extendPath(located.link, key), value });
      }
    }
    here = next;
  }
  return here
    .flatMap(lookThroughArrays)
    .map((located) =>
      isParameter(located.value)
        ? { link: extendPath(located.link, 'value'), value: located.value.value }
        : located,
    );
}

/**
 * Where one name of a field path leads from one value (not an array): its key, that key with `@`,
 * or else every parameter so named; nothing from a plain value.
 */
export function stepInto(record: unknown, name: string): Array<{ key: string; value: unknown }> {
  if (typeof record !== 'object' || record === null) return [];
  const fields = record as Record<string, unknown>;
  const key = Object.hasOwn(fields, name) ? name : `@${name}`;
  if (Object.hasOwn(fields, key)) return [{ key, value: fields[key] }];
  const found: Array<{ key: string; value: unknown }> = [];
  for (const [other, value] of Object.entries(fields)) {
    if (isParameter(value) && value.name === name) found.push({ key: other, value });
  }
  return found;
}

function lookThroughArrays(located: Located): Located[] {
  if (!Array.isArray(located.value)) return [located];
  return located.value.flatMap((value, index) =>
    lookThroughArrays({ link: extendPath(located.link, index), value }),
  );
}

function holds(
  term: FieldTerm,
  pattern: TextPattern | null,
  { value }: Located,
  options: MatchOptions,
): boolean {
  const { test } = term;
  if (test.kind === 'exists') return value !== undefined;
  const text = plainText(value);
  if (text === null) return false;
  if (test.kind === 'contains') return pattern!.test(text);
  const number = numberOf(value);
  if (test.kind === 'equals') {
    const wanted = Number(test.text);
    if (number !== null && test.text.trim() !== '' && Number.isFinite(wanted)) {
      return number === wanted;
    }
    return options.matchCase ? text === test.text : text.toLowerCase() === test.text.toLowerCase();
  }
  if (number === null) return false;
  switch (test.operator) {
    case '>':
      return number > test.number;
    case '<':
      return number < test.number;
    case '>=':
      return number >= test.number;
    case '<=':
      return number <= test.number;
  }
}

/** A number, or a text that is one (parameters often hold numbers as text). */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function classify(found: Found): MatchField {
  if (found.on === 'object') return 'object';
  const own =
    found.link !== null && found.link.parent === null
      ? OWN_FIELDS[String(found.link.segment)]
      : undefined;
  return own !== undefined && found.on === 'value' ? own : found.on;
}

function describe(found: Found, terms: CompiledTerm[]): FoundMatch {
  const path = found.link ? pathOf(found.link) : [];
  if (found.on === 'object') {
    const text = `not ${terms.map(({ term }) => term.source.slice(1)).join(', not ')}`;
    return { path, field: 'object', excerpt: text, marks: [] };
  }
  const ranges = found.pattern?.ranges(found.text) ?? [];
  return { path, field: classify(found), ...excerpt(found.text, ranges) };
}

/** `text` cut to about `length` characters with its first match inside, and the marks in it. */
export function excerpt(
  text: string,
  ranges: TextRange[],
  length = EXCERPT_LENGTH,
): { excerpt: string; marks: TextRange[] } {
  if (text.length <= length) return { excerpt: text, marks: ranges };
  const first = ranges[0] ?? { start: 0, end: 0 };
  const room = Math.max(0, length - (first.end - first.start));
  const start = Math.max(0, Math.min(first.start - Math.floor(room / 2), text.length - length));
  const end = Math.min(text.length, start + Math.max(length, first.end - first.start));
  const lead = start > 0 ? '…' : '';
  const marks = ranges
    .filter((range) => range.start >= start && range.end <= end)
    .map((range) => ({
      start: range.start - start + lead.length,
      end: range.end - start + lead.length,
    }));
  return { excerpt: `${lead}${text.slice(start, end)}${end < text.length ? '…' : ''}`, marks };
}
