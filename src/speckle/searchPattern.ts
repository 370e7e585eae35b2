/**
 * A text to look for, with the search's options (match case, whole word, regular expression),
 * made into the tests a search runs on each key and value, and on an object's JSON text first.
 *
 * The common case, text without options, is a lowercased substring search: a regular expression
 * per value is slower, and the JSON text test lets most objects go without being parsed.
 */
import type { MatchOptions, QueryError } from './searchQuery';
import { matchRanges } from './search';

export interface TextRange {
  start: number;
  end: number;
}

export interface TextPattern {
  test(text: string): boolean;
  /** Where the pattern matches in `text`, without overlaps. */
  ranges(text: string): TextRange[];
  /**
   * A test of an object's JSON text that every object with a match passes; null when there is
   * none to trust (a regular expression).
   */
  inJson: ((json: string) => boolean) | null;
}

export type CompiledPattern = { ok: true; pattern: TextPattern } | { ok: false; error: QueryError };

const WORD_CHAR = '[\\p{L}\\p{N}_]';

export function compilePattern(
  text: string,
  options: Pick<MatchOptions, 'matchCase' | 'wholeWord' | 'regex'>,
): CompiledPattern {
  const inJson = options.regex ? null : jsonTextTest(text, options.matchCase);
  if (!options.regex && !options.wholeWord) {
    return { ok: true, pattern: substringPattern(text, options.matchCase, inJson) };
  }
  const body = options.regex ? text : escapeRegExp(text);
  const flags = options.matchCase ? 'gu' : 'giu';
  let regex: RegExp;
  try {
    new RegExp(body, flags);
    regex = new RegExp(
      options.wholeWord ? `(?<!${WORD_CHAR})(?:${body})(?!${WORD_CHAR})` : body,
      flags,
    );
  } catch (error) {
    return { ok: false, error: regexError(body, flags, error) };
  }
  return { ok: true, pattern: regexPattern(regex, inJson) };
}

function substringPattern(
  text: string,
  matchCase: boolean,
  inJson: TextPattern['inJson'],
): TextPattern {
  if (matchCase) {
    return {
      test: (value) => value.includes(text),
      ranges: (value) => {
        const ranges: TextRange[] = [];
        for (let at = value.indexOf(text); at !== -1; at = value.indexOf(text, at + text.length)) {
          ranges.push({ start: at, end: at + text.length });
        }
        return ranges;
      },
      inJson,
    };
  }
  const needle = text.toLowerCase();
  return {
    test: (value) => value.toLowerCase().includes(needle),
    ranges: (value) => matchRanges(value, text),
    inJson,
  };
}

function regexPattern(regex: RegExp, inJson: TextPattern['inJson']): TextPattern {
  return {
    test(value) {
      regex.lastIndex = 0;
      return regex.test(value);
    },
    ranges(value) {
      const ranges: TextRange[] = [];
      regex.lastIndex = 0;
      for (let found = regex.exec(value); found; found = regex.exec(value)) {
        const start = found.index;
        const end = start + found[0].length;
        // An empty match (`a*`, `^`) is marked nowhere, and the search moves past it.
        if (end > start) ranges.push({ start, end });
        else regex.lastIndex = end + 1;
      }
      return ranges;
    },
    inJson,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * The text as it appears in JSON, where `"`, `\` and control characters are escaped the same way
 * by JSON.stringify and by Postgres; null when that cannot be trusted (a lone surrogate has no
 * UTF-8 form, so the JSON cannot hold it as it is).
 */
function jsonTextTest(text: string, matchCase: boolean): TextPattern['inJson'] {
  const escaped = JSON.stringify(text).slice(1, -1);
  if (/\\u(d[89a-f])/i.test(escaped)) return null;
  if (matchCase) return (json) => json.includes(escaped);
  const needle = escaped.toLowerCase();
  // Lowercasing 100 MB of text is the main cost; a text without letters can skip it.
  if (needle === needle.toUpperCase()) return (json) => json.includes(needle);
  return (json) => json.toLowerCase().includes(needle);
}

/**
 * The engine says what is wrong with a pattern but not where. The place is the first character
 * after which no ending (closing a group, a class, a quantifier or a group's name) makes the
 * pattern valid again; when every prefix can be ended, what is wrong is a group or class left
 * open, and the place is where it opens.
 */
function regexError(body: string, flags: string, error: unknown): QueryError {
  const detail = error instanceof Error ? error.message.replace(/^.*: /, '') : String(error);
  const message = `the regular expression is not valid (${detail.toLowerCase()})`;
  for (let end = 1; end <= body.length; end += 1) {
    if (!canBeCompleted(body.slice(0, end), flags)) return { message, at: end - 1 };
  }
  return { message, at: lastOpened(body) };
}

const ENDINGS = ['', ']', '}', '1}', ':)', '>)', 'q9z>)'].flatMap((first) =>
  Array.from({ length: 9 }, (_, depth) => `${first}${')'.repeat(depth)}`),
);

function canBeCompleted(prefix: string, flags: string): boolean {
  return ENDINGS.some((ending) => {
    try {
      new RegExp(prefix + ending, flags);
      return true;
    } catch {
      return false;
    }
  });
}

/** Where the class or innermost group left open starts; the end when none is. */
function lastOpened(body: string): number {
  const groups: number[] = [];
  let klass = -1;
  for (let at = 0; at < body.length; at += 1) {
    const char = body[at];
    if (char === '\\') at += 1;
    else if (klass >= 0) klass = char === ']' ? -1 : klass;
    else if (char === '[') klass = at;
    else if (char === '(') groups.push(at);
    else if (char === ')') groups.pop();
  }
  return klass >= 0 ? klass : (groups.at(-1) ?? body.length);
}
