/**
 * The search's query language, read into a plain value that a matcher (searchMatch.ts) or a table
 * filter can act on. A query is free text and field terms, separated by spaces:
 *
 *   speckle_type:Wall  name:"Level 2"  parameters.FIRE_RATING:*  height>3.5  -units:*  glass
 *
 * A field term is a path (names joined by dots, a name in double quotes when it holds anything
 * else than letters, digits, `_`, `@`, `$` or `-`), an operator and a value. Anything else is free
 * text: its words joined by one space, a quoted piece taken as it is. A path's first name starts
 * with a letter, `_`, `@`, `$` or a quote, so `10:30` is text; text holding `:`, `=`, `<` or `>`
 * after such a name is quoted to be looked for as it is.
 */

/** Where free text is looked for: property names, plain values, or both. */
export type MatchScope = 'both' | 'keys' | 'values';

export interface MatchOptions {
  matchCase: boolean;
  wholeWord: boolean;
  /** The free text and `:` values are regular expressions (JavaScript's, with the `u` flag). */
  regex: boolean;
  scope: MatchScope;
}

export const DEFAULT_MATCH_OPTIONS: MatchOptions = {
  matchCase: false,
  wholeWord: false,
  regex: false,
  scope: 'both',
};

export type NumberOperator = '>' | '<' | '>=' | '<=';

export type FieldTest =
  /** `path:*`: the path leads to a value, null included. */
  | { kind: 'exists' }
  /** `path:text`: the value contains the text, matched as free text is (the options apply). */
  | { kind: 'contains'; text: string }
  /** `path=text`: the value is the number, or the whole text (match case applies). */
  | { kind: 'equals'; text: string }
  /** `path>3.5` …: the value is a number (or a text that is one) in that relation. */
  | { kind: 'compare'; operator: NumberOperator; number: number };

export interface FieldTerm {
  path: string[];
  /** Where the value's text starts in the query. */
  valueAt: number;
  test: FieldTest;
  /** `-path:…`: objects where the term does not hold. */
  negated: boolean;
  /** The term as typed, to name it in messages. */
  source: string;
}

export interface SearchQuery {
  /** Free text; empty when the query is field terms alone. */
  text: string;
  /** For each character of `text`, its place in the query. */
  textPlaces: number[];
  fields: FieldTerm[];
}

export interface QueryError {
  message: string;
  /** The 0-based place in the query the message is about. */
  at: number;
}

export type ParsedQuery = { ok: true; query: SearchQuery } | { ok: false; error: QueryError };

const NAME_START = /[\p{L}_@$"]/u;
const NAME_CHAR = /[\p{L}\p{N}_@$-]/u;
const OPERATORS = ['>=', '<=', ':', '=', '>', '<'] as const;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

class QuerySyntaxError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

/** Reads a query; an error names the place where the query cannot be read. */
export function parseSearchQuery(source: string): ParsedQuery {
  try {
    return { ok: true, query: new Reader(source).read() };
  } catch (error) {
    if (error instanceof QuerySyntaxError) {
      return { ok: false, error: { message: error.message, at: error.at } };
    }
    throw error;
  }
}

export type ParsedPath = { ok: true; path: string[] } | { ok: false; error: QueryError };

/**
 * Reads a field path alone (a property table's column), as a field term's path is read: names
 * joined by dots, a name in double quotes when it holds other characters.
 */
export function parseFieldPath(source: string): ParsedPath {
  try {
    const reader = new Reader(source);
    const path = reader.path();
    if (path === null)
      return { ok: false, error: { message: 'a name is expected', at: reader.place } };
    if (reader.place < source.length) {
      const message = 'a dot is expected between names (quote a name that holds other characters)';
      return { ok: false, error: { message, at: reader.place } };
    }
    return { ok: true, path };
  } catch (error) {
    if (error instanceof QuerySyntaxError) {
      return { ok: false, error: { message: error.message, at: error.at } };
    }
    throw error;
  }
}

/** A path written so that parseFieldPath reads it back: a name quoted when it must be. */
export function fieldPathText(path: readonly string[]): string {
  return path
    .map((name) =>
      name !== '' && [...name].every((char) => NAME_CHAR.test(char))
        ? name
        : `"${name.replace(/["\\]/g, (char) => `\\${char}`)}"`,
    )
    .join('.');
}

/** The message for an error, naming its place as a 1-based character. */
export function queryErrorText(error: QueryError): string {
  return `The query cannot be read at character ${error.at + 1}: ${error.message}.`;
}

class Reader {
  private at = 0;

  constructor(private readonly source: string) {}

  read(): SearchQuery {
    let text = '';
    const textPlaces: number[] = [];
    const fields: FieldTerm[] = [];
    for (this.skipSpaces(); this.at < this.source.length; this.skipSpaces()) {
      const field = this.tryField();
      if (field) {
        fields.push(field);
        continue;
      }
      if (text !== '') {
        textPlaces.push(this.at - 1);
        text += ' ';
      }
      const start = this.source[this.at] === '"' ? this.at + 1 : this.at;
      const word = this.word();
      for (let i = 0; i < word.length; i += 1) textPlaces.push(start + i);
      text += word;
    }
    return { text, textPlaces, fields };
  }

  get place(): number {
    return this.at;
  }

  private skipSpaces(): void {
    while (/\s/.test(this.source[this.at] ?? '')) this.at += 1;
  }

  /** A field term from here, or null (and nothing read) when there is none. */
  private tryField(): FieldTerm | null {
    const start = this.at;
    const negated = this.source[this.at] === '-';
    if (negated) this.at += 1;
    if (!NAME_START.test(this.source[this.at] ?? '')) {
      this.at = start;
      return null;
    }
    const path = this.path();
    const operator = OPERATORS.find((op) => this.source.startsWith(op, this.at));
    if (path === null || operator === undefined) {
      this.at = start;
      return null;
    }
    this.at += operator.length;
    const valueAt = this.source[this.at] === '"' ? this.at + 1 : this.at;
    const test = this.fieldTest(operator);
    return { path, valueAt, test, negated, source: this.source.slice(start, this.at) };
  }

  /** Names joined by dots; null when what follows is not a path (a quoted text, say). */
  path(): string[] | null {
    const names: string[] = [];
    for (;;) {
      const name = this.source[this.at] === '"' ? this.quoted() : this.bareName();
      if (name === '') return null;
      names.push(name);
      if (this.source[this.at] !== '.') return names;
      this.at += 1;
    }
  }

  private bareName(): string {
    const start = this.at;
    while (NAME_CHAR.test(this.source[this.at] ?? '')) this.at += 1;
    return this.source.slice(start, this.at);
  }

  private fieldTest(operator: (typeof OPERATORS)[number]): FieldTest {
    const valueAt = this.at;
    if (this.at >= this.source.length || /\s/.test(this.source[this.at]!)) {
      throw new QuerySyntaxError(`a value is expected after "${operator}"`, valueAt);
    }
    if (operator === ':' && this.source[this.at] === '*' && this.endsHere(this.at + 1)) {
      this.at += 1;
      return { kind: 'exists' };
    }
    const text = this.source[this.at] === '"' ? this.quoted() : this.bare();
    if (operator === ':') return { kind: 'contains', text };
    if (operator === '=') return { kind: 'equals', text };
    if (!NUMBER.test(text)) {
      throw new QuerySyntaxError(
        `a number is expected after "${operator}" (quote the text to look for it as it is)`,
        valueAt,
      );
    }
    return { kind: 'compare', operator, number: Number(text) };
  }

  private endsHere(at: number): boolean {
    return at >= this.source.length || /\s/.test(this.source[at]!);
  }

  /** Free text up to the next space, or a quoted piece. */
  private word(): string {
    return this.source[this.at] === '"' ? this.quoted() : this.bare();
  }

  private bare(): string {
    const start = this.at;
    while (!this.endsHere(this.at)) this.at += 1;
    return this.source.slice(start, this.at);
  }

  /** A double-quoted piece; `\"` and `\\` stand for `"` and `\`. */
  private quoted(): string {
    const open = this.at;
    let text = '';
    for (this.at += 1; this.at < this.source.length; this.at += 1) {
      const char = this.source[this.at]!;
      if (char === '"') {
        this.at += 1;
        return text;
      }
      if (
        char === '\\' &&
        (this.source[this.at + 1] === '"' || this.source[this.at + 1] === '\\')
      ) {
        this.at += 1;
        text += this.source[this.at];
      } else text += char;
    }
    throw new QuerySyntaxError('this quote is not closed', open);
  }
}
