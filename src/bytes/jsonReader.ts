/**
 * Reads JSON text token by token without building values, so that exports can lay an object's text
 * out again (pretty-print, compact, cut out one value) while every string and number stays exactly
 * as the server wrote it: `JSON.parse` then `JSON.stringify` would turn `-0` into `0`, `1e308`
 * into `1e+308`, `0.10000000000000000555` into `0.1` and `\u00e9` into `é`.
 *
 * It checks the grammar as it goes (RFC 8259), so a layout made from it is valid JSON exactly when
 * the input is. Commas and colons are consumed here; callers see only the tokens that carry text.
 */

export const TOKEN = {
  beginObject: 1,
  endObject: 2,
  beginArray: 3,
  endArray: 4,
  /** A member's name (a string followed by `:`). */
  key: 5,
  string: 6,
  /** A number, `true`, `false` or `null`. */
  literal: 7,
  end: 8,
} as const;

export type Token = (typeof TOKEN)[keyof typeof TOKEN];

export class InvalidJsonError extends SyntaxError {
  override readonly name = 'InvalidJsonError';
  /** Index in the text (UTF-16 code units) where reading failed. */
  readonly position: number;

  constructor(reason: string, position: number) {
    super(`Not valid JSON at character ${position}: ${reason}.`);
    this.position = position;
  }
}

// What may come next.
const EXPECT_VALUE = 0;
const EXPECT_FIRST_VALUE_OR_END = 1;
const EXPECT_FIRST_KEY_OR_END = 2;
const EXPECT_KEY = 3;
const EXPECT_COLON = 4;
const EXPECT_COMMA_OR_END = 5;
const EXPECT_NOTHING = 6;

const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const BYTE_ORDER_MARK = 0xfeff;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LETTER_U = 0x75;
const FIRST_PRINTABLE = 0x20;
// `"` `\` `/` `b` `f` `n` `r` `t`: the escapes JSON allows besides `\uXXXX`.
const SIMPLE_ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);
const HEX_DIGITS = /^[0-9a-fA-F]{4}$/;
const WORDS = ['true', 'false', 'null'];
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const DIGIT_ZERO = 0x30;
const DIGIT_NINE = 0x39;
const LETTER_E = 0x65;
const LETTER_CAPITAL_E = 0x45;

const IS_OBJECT = true;

export class JsonReader {
  /** Start and end (exclusive) of the last token's text. */
  start = 0;
  end = 0;
  /**
   * How many containers enclose the last token's value: 0 for the top-level value. A begin and its
   * end token have the same depth.
   */
  depth = 0;
  /** For a key or value: it is the first in its container. */
  first = false;
  /** For a value: it follows a key (so it is a member's value, not an array element). */
  afterKey = false;
  /** For an end token: the container had no members. */
  empty = false;

  private readonly text: string;
  private position: number;
  private expect = EXPECT_VALUE;
  private readonly containers: boolean[] = [];

  constructor(text: string) {
    this.text = text;
    // A byte order mark is not JSON, yet a file saved by some tools starts with one.
    this.position = text.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
  }

  next(): Token {
    const { text } = this;
    for (;;) {
      this.skipWhitespace();
      if (this.position >= text.length) {
        if (this.expect !== EXPECT_NOTHING) throw this.error('the text ends too early');
        return TOKEN.end;
      }
      const code = text.charCodeAt(this.position);
      switch (this.expect) {
        case EXPECT_VALUE:
          return this.readValue(false, false);
        case EXPECT_FIRST_VALUE_OR_END:
          if (code === CLOSE_BRACKET) return this.readEnd(true);
          return this.readValue(true, false);
        case EXPECT_FIRST_KEY_OR_END:
          if (code === CLOSE_BRACE) return this.readEnd(true);
          return this.readKey(true);
        case EXPECT_KEY:
          return this.readKey(false);
        case EXPECT_COLON:
          if (code !== COLON) throw this.error('expected ":" after a member name');
          this.position += 1;
          this.skipWhitespace();
          if (this.position >= text.length) throw this.error('the text ends too early');
          return this.readValue(false, true);
        case EXPECT_COMMA_OR_END:
          if (code === COMMA) {
            this.position += 1;
            this.expect = this.containers.at(-1) === IS_OBJECT ? EXPECT_KEY : EXPECT_VALUE;
            continue;
          }
          return this.readEnd(false);
        default:
          throw this.error('unexpected text after the end of the value');
      }
    }
  }

  private readValue(first: boolean, afterKey: boolean): Token {
    const code = this.text.charCodeAt(this.position);
    this.first = first;
    this.afterKey = afterKey;
    this.depth = this.containers.length;
    this.start = this.position;
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      const isObject = code === OPEN_BRACE;
      this.containers.push(isObject);
      this.position += 1;
      this.end = this.position;
      this.expect = isObject ? EXPECT_FIRST_KEY_OR_END : EXPECT_FIRST_VALUE_OR_END;
      return isObject ? TOKEN.beginObject : TOKEN.beginArray;
    }
    if (code === QUOTE) {
      this.readString();
      this.afterValue();
      return TOKEN.string;
    }
    const end = this.literalEnd();
    if (end === -1) throw this.error('expected a value');
    this.position = end;
    // `01`, `1.`, `truex`: what was read is followed by more of the same token.
    if (!this.atDelimiter()) throw this.error('malformed number or literal');
    this.end = this.position;
    this.afterValue();
    return TOKEN.literal;
  }

  private readKey(first: boolean): Token {
    if (this.text.charCodeAt(this.position) !== QUOTE) throw this.error('expected a member name');
    this.first = first;
    this.afterKey = false;
    this.depth = this.containers.length;
    this.start = this.position;
    this.readString();
    this.expect = EXPECT_COLON;
    return TOKEN.key;
  }

  private readEnd(empty: boolean): Token {
    const code = this.text.charCodeAt(this.position);
    const isObject = this.containers.at(-1);
    if (code !== (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
      throw this.error(isObject ? 'expected "," or "}"' : 'expected "," or "]"');
    }
    this.containers.pop();
    this.empty = empty;
    this.depth = this.containers.length;
    this.start = this.position;
    this.position += 1;
    this.end = this.position;
    this.afterValue();
    return isObject ? TOKEN.endObject : TOKEN.endArray;
  }

  private readString(): void {
    const { text } = this;
    let at = this.position + 1;
    for (;;) {
      if (at >= text.length) throw this.error('a string is not closed', at);
      const code = text.charCodeAt(at);
      if (code === QUOTE) break;
      if (code === BACKSLASH) {
        const escaped = text.charCodeAt(at + 1);
        if (escaped === LETTER_U && HEX_DIGITS.test(text.slice(at + 2, at + 6))) at += 6;
        else if (SIMPLE_ESCAPES.has(escaped)) at += 2;
        else throw this.error('invalid escape in a string', at);
      } else if (code < FIRST_PRINTABLE) {
        throw this.error('a control character must be escaped inside a string', at);
      } else {
        at += 1;
      }
    }
    this.position = at + 1;
    this.end = this.position;
  }

  /** End of the number, `true`, `false` or `null` at the position; -1 when there is none. */
  private literalEnd(): number {
    const { text } = this;
    const start = this.position;
    for (const word of WORDS) if (text.startsWith(word, start)) return start + word.length;
    let at = start;
    if (text.charCodeAt(at) === MINUS) at += 1;
    if (text.charCodeAt(at) === DIGIT_ZERO) at += 1;
    else if (isDigit(text.charCodeAt(at))) at = digitsEnd(text, at);
    else return -1;
    if (text.charCodeAt(at) === DOT) {
      if (!isDigit(text.charCodeAt(at + 1))) return -1;
      at = digitsEnd(text, at + 1);
    }
    const exponent = text.charCodeAt(at);
    if (exponent === LETTER_E || exponent === LETTER_CAPITAL_E) {
      at += 1;
      const sign = text.charCodeAt(at);
      if (sign === PLUS || sign === MINUS) at += 1;
      if (!isDigit(text.charCodeAt(at))) return -1;
      at = digitsEnd(text, at);
    }
    return at;
  }

  private afterValue(): void {
    this.expect = this.containers.length === 0 ? EXPECT_NOTHING : EXPECT_COMMA_OR_END;
  }

  private skipWhitespace(): void {
    this.position = skipTextSpace(this.text, this.position);
  }

  private atDelimiter(): boolean {
    if (this.position >= this.text.length) return true;
    const code = this.text.charCodeAt(this.position);
    return (
      code === COMMA ||
      code === CLOSE_BRACE ||
      code === CLOSE_BRACKET ||
      code === SPACE ||
      code === LINE_FEED ||
      code === CARRIAGE_RETURN ||
      code === TAB
    );
  }

  private error(reason: string, at = this.position): InvalidJsonError {
    return new InvalidJsonError(reason, at);
  }
}

/**
 * The first index from `from` on that is not JSON white space, in decoded text: the text readers'
 * own step (lazyObject.ts's too), as jsonBytes.ts's skipSpace is the byte readers'.
 */
export function skipTextSpace(text: string, from: number): number {
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code !== SPACE && code !== LINE_FEED && code !== CARRIAGE_RETURN && code !== TAB) return at;
    at += 1;
  }
}

function isDigit(code: number): boolean {
  return code >= DIGIT_ZERO && code <= DIGIT_NINE;
}

function digitsEnd(text: string, from: number): number {
  let at = from;
  while (isDigit(text.charCodeAt(at))) at += 1;
  return at;
}
