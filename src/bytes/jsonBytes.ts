/**
 * The tokenizer core of the readers of JSON text as the UTF-8 bytes it arrived as (objectCutter,
 * idLineCutter, topLevelFields, closureAside, lines, objectForm): white space, strings and their
 * escapes, values, brackets and keys are stepped over here, once, and the readers' own loops go
 * by chunk, line, object or member. JSON's structural characters are ASCII, and bytes of a
 * multi-byte UTF-8 character are all above 0x7F, so they are found in the bytes exactly where
 * they are in the text.
 *
 * The steps take indexes into a Uint8Array and allocate nothing; nesting is a counter, never the
 * call stack, so a million `[` in a row cost a million steps. They check nothing they need not
 * read: the readers find where things are, and JSON.parse judges the text when it is shown.
 */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
const NEWLINE = 0x0a;
const ZERO = 0x30;
const NINE = 0x39;

export function isJsonSpace(code: number | undefined): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Whether `a[aFrom, aFrom + length)` and `b[bFrom, bFrom + length)` hold the same bytes. */
export function sameBytes(
  a: Uint8Array,
  aFrom: number,
  b: Uint8Array,
  bFrom: number,
  length: number,
): boolean {
  for (let index = 0; index < length; index += 1) {
    if (a[aFrom + index] !== b[bFrom + index]) return false;
  }
  return true;
}

/** Whether `bytes` stand in `text` at `at`. */
export function hasBytesAt(text: Uint8Array, bytes: Uint8Array, at: number): boolean {
  if (at < 0 || at + bytes.length > text.length) return false;
  return sameBytes(text, at, bytes, 0, bytes.length);
}

/**
 * The first index from `from` on where `bytes` stand in `text`, or -1. Found by the engine's own
 * byte search for `bytes[anchor]` (best the rarest of them), then compared.
 */
export function indexOfBytes(text: Uint8Array, bytes: Uint8Array, from = 0, anchor = 0): number {
  const byte = bytes[anchor]!;
  for (let at = text.indexOf(byte, from + anchor); at !== -1; at = text.indexOf(byte, at + 1)) {
    if (hasBytesAt(text, bytes, at - anchor)) return at - anchor;
  }
  return -1;
}

/** The index of the first byte `byte` in `bytes` from `from` on, or the length when there is none. */
export function indexOrEnd(bytes: Uint8Array, byte: number, from: number): number {
  const found = bytes.indexOf(byte, from);
  return found === -1 ? bytes.length : found;
}

/** How many times the byte `code` occurs in `text[from, to)`. */
export function countByte(text: Uint8Array, code: number, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf(code, from); at !== -1 && at < to; at = text.indexOf(code, at + 1)) {
    count += 1;
  }
  return count;
}

/** The first index from `from` on (before `end`) that is not JSON white space. */
export function skipSpace(text: Uint8Array, from: number, end = text.length): number {
  let at = from;
  while (at < end && isJsonSpace(text[at])) at += 1;
  return at;
}

/** Reading backwards from `from`, the first index that is not JSON white space, or `floor`. */
export function lastNonSpace(text: Uint8Array, from: number, floor: number): number {
  let at = from;
  while (at > floor && isJsonSpace(text[at])) at -= 1;
  return at;
}

/**
 * Whether the byte at `at` is escaped: an odd number of backslashes runs before it, counted back
 * to `floor` (the bytes before it were read already, or are not the string's).
 */
export function isEscaped(text: Uint8Array, at: number, floor = 0): boolean {
  let before = at - 1;
  while (before >= floor && text[before] === BACKSLASH) before -= 1;
  return (at - 1 - before) % 2 === 1;
}

/**
 * The index of the first quote from `from` on that no backslash escapes, or -1: where a string
 * whose text goes on at `from` ends. Jumps with indexOf rather than stepping through bytes: most
 * strings in Speckle data are 32-character ids.
 */
export function closingQuote(text: Uint8Array, from: number): number {
  for (
    let quote = text.indexOf(QUOTE, from);
    quote !== -1;
    quote = text.indexOf(QUOTE, quote + 1)
  ) {
    if (!isEscaped(text, quote, from)) return quote;
  }
  return -1;
}

/** The index of the quote that closes the string opened at `open`, or -1. */
export function stringEnd(text: Uint8Array, open: number): number {
  return closingQuote(text, open + 1);
}

/**
 * The index of the quote that opens the string closed at `close`, or -1: reading backwards, the
 * nearest quote from `start` on that no backslash escapes (inside a string, a quote always is).
 */
export function stringStart(text: Uint8Array, close: number, start: number): number {
  for (let at = close - 1; at >= start; at -= 1) {
    if (text[at] === QUOTE && !isEscaped(text, at)) return at;
  }
  return -1;
}

/**
 * The index of the quote that closes the string opened at `open` when it holds no backslash and
 * closes before `end`; -1 otherwise, when only parsing can tell its value.
 */
export function plainStringEnd(text: Uint8Array, open: number, end: number): number {
  for (let at = open + 1; at < end; at += 1) {
    const code = text[at];
    if (code === QUOTE) return at;
    if (code === BACKSLASH) return -1;
  }
  return -1;
}

/**
 * Just past the number, `true`, `false` or `null` at `start` (or any other run of text): the
 * next `,`, `}`, `]`, space or control character, or `end`.
 */
export function scalarEnd(text: Uint8Array, start: number, end = text.length): number {
  let at = start;
  for (; at < end; at += 1) {
    const code = text[at]!;
    if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || code <= 0x20) break;
  }
  return at;
}

/**
 * The value of the decimal digits `text[from, to)`, or -1 when that is empty or holds any other
 * byte. Summed digit by digit, which is exact for the small numbers it is used for.
 */
export function naturalNumber(text: Uint8Array, from: number, to: number): number {
  if (from >= to) return -1;
  let value = 0;
  for (let at = from; at < to; at += 1) {
    const code = text[at]!;
    if (code < ZERO || code > NINE) return -1;
    value = value * 10 + code - ZERO;
  }
  return value;
}

/**
 * How a walk takes a newline outside strings: as any byte; counting the line (`lines`,
 * `lastNewline`); or stopping there, no string running past it, as it ends a line form's line.
 */
export const NEWLINE_READ = 0;
export const NEWLINE_COUNT = 1;
export const NEWLINE_ENDS_LINE = 2;
export type NewlineRule = typeof NEWLINE_READ | typeof NEWLINE_COUNT | typeof NEWLINE_ENDS_LINE;

/**
 * Reads JSON text bracket by bracket, strings passed over whole, in pieces that may end anywhere
 * (a file's chunks): where a piece ends inside a string or after an escaping backslash is kept for
 * the next. Nothing inside is checked: a container ends at the bracket that brings the count of
 * open ones back, whatever its kind.
 */
export class BracketWalk {
  /** Containers open: `{` and `[` count up, `}` and `]` down. */
  depth = 0;
  /** The last piece ended inside a string. */
  inString = false;
  /** The walk stopped at a newline inside a string (NEWLINE_ENDS_LINE): the line is cut there. */
  brokeString = false;
  /** Newlines counted (NEWLINE_COUNT), for the caller to take and set to 0; the last one's index. */
  lines = 0;
  lastNewline = -1;
  /** The last piece ended on a backslash that escapes the next piece's first byte. */
  private escaped = false;
  /** The first newline at or after the string being passed: looked for once a line. */
  private newline = -1;

  reset(): void {
    this.newline = -1;
    this.depth = 0;
    this.inString = false;
    this.brokeString = false;
    this.escaped = false;
  }

  /**
   * Walks `bytes[from, end)` outside strings. Returns the index of the bracket that brings the
   * depth back to `base`, of a newline under NEWLINE_ENDS_LINE, or `end`.
   */
  walk(bytes: Uint8Array, from: number, end: number, base: number, newlines: NewlineRule): number {
    let depth = this.depth;
    let lines = 0;
    let at = from;
    for (; at < end; at += 1) {
      const code = bytes[at]!;
      if (code === QUOTE) {
        at = this.passString(bytes, at + 1, end, newlines);
        if (at === end || bytes[at] !== QUOTE) break;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        depth += 1;
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === base) break;
      } else if (code === NEWLINE && newlines !== NEWLINE_READ) {
        if (newlines === NEWLINE_ENDS_LINE) break;
        lines += 1;
        this.lastNewline = at;
      }
    }
    this.depth = depth;
    this.lines += lines;
    return at;
  }

  /**
   * Passes over a string whose text goes on at `from`. Returns the index of its closing quote;
   * of the newline that cuts it, under NEWLINE_ENDS_LINE; or `end`, noting how to read on there.
   */
  passString(bytes: Uint8Array, from: number, end: number, newlines: NewlineRule): number {
    let close = closingQuote(bytes, from);
    if (close >= end) close = -1;
    if (newlines === NEWLINE_ENDS_LINE) {
      // One search a line, however many strings and objects it holds: a search from each string
      // to the line's end made a long line of many objects quadratic.
      if (this.newline < from) this.newline = indexOrEnd(bytes, NEWLINE, from);
      const newline = this.newline;
      if ((close === -1 || close > newline) && newline < end) {
        this.brokeString = true;
        return newline;
      }
    }
    if (close !== -1) return close;
    this.inString = true;
    this.escaped = isEscaped(bytes, end, from);
    return end;
  }

  /**
   * Starts on new bytes at `from`, reading on in the string the last ones ended in, if any.
   * Returns where to go on: `from`, just past that string's closing quote, the newline that cuts
   * it, or the end of `bytes`.
   */
  begin(bytes: Uint8Array, from: number, newlines: NewlineRule): number {
    this.newline = -1;
    if (!this.inString) return from;
    const end = bytes.length;
    let at = from;
    if (this.escaped) {
      if (at === end) return end;
      this.escaped = false;
      // A line form's newline ends the line, escaped or not, as within one piece.
      if (newlines !== NEWLINE_ENDS_LINE || bytes[at] !== NEWLINE) at += 1;
    }
    this.inString = false;
    const close = this.passString(bytes, at, end, newlines);
    return close < end && bytes[close] === QUOTE ? close + 1 : close;
  }
}

const scratchWalk = new BracketWalk();

/** The index of the bracket closing the container opened at `open`; -1 if none is before `end`. */
export function containerEnd(text: Uint8Array, open: number, end = text.length): number {
  scratchWalk.reset();
  const close = scratchWalk.walk(text, open, end, 0, NEWLINE_READ);
  return close < end ? close : -1;
}

/**
 * Just past the value that starts at `start`, or -1 when the text ends first (at `end`). A number
 * or literal ends at a delimiter, so one that runs to `end` may go on: -1 too.
 */
export function valueEnd(text: Uint8Array, start: number, end = text.length): number {
  const first = text[start];
  if (first === QUOTE) {
    const close = stringEnd(text, start);
    return close === -1 || close >= end ? -1 : close + 1;
  }
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    const close = containerEnd(text, start, end);
    return close === -1 ? -1 : close + 1;
  }
  const after = scalarEnd(text, start, end);
  return after === start || after === end ? -1 : after;
}

/**
 * The next `,` or `}` from `from` on outside strings: where a member of a flat object (whose values
 * hold no container, as a closure's depths) ends. The end of `text` when there is none; -1 when a
 * string on the way does not end.
 */
export function flatMemberEnd(text: Uint8Array, from: number): number {
  let at = from;
  while (at < text.length) {
    const code = text[at];
    if (code === COMMA || code === CLOSE_BRACE) return at;
    if (code === QUOTE) {
      const close = stringEnd(text, at);
      if (close === -1) return -1;
      at = close + 1;
    } else {
      at += 1;
    }
  }
  return at;
}

/**
 * Where the value of the member whose key opens at `key` starts: past the key, its colon and the
 * spaces around it. -1 when the key does not end or no colon follows it.
 */
export function memberValue(text: Uint8Array, key: number): number {
  const close = stringEnd(text, key);
  if (close === -1) return -1;
  const colon = skipSpace(text, close + 1);
  return text[colon] === COLON ? skipSpace(text, colon + 1) : -1;
}

/**
 * Whether the quoted string from `start` to `end` is a key: it follows `{` or `,` and is followed
 * by `:`. Inside a string a quote is always escaped, so the same bytes there fail one of the two.
 */
export function isKeyAt(text: Uint8Array, start: number, end: number): boolean {
  const opener = text[lastNonSpace(text, start - 1, -1)];
  return (opener === OPEN_BRACE || opener === COMMA) && text[skipSpace(text, end)] === COLON;
}
