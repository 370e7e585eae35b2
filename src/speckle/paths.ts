/**
 * Where a value sits inside a parsed object, and how to write that down for the tools people paste
 * it into. Speckle property names contain spaces, brackets, dots and `@` (`@elements`,
 * `Alex Test Steam [ main @ 328bd99997 ]`), so every syntax quotes whatever is not a plain name.
 */

/** An object key (always a string, even when it looks like a number) or an array index. */
export type PathSegment = string | number;
export type Path = readonly PathSegment[];

const JS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
// RFC 9535 allows non-ASCII in member-name shorthand, but common JSONPath libraries do not.
const JSON_PATH_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const JQ_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
// jq 1.6 reads `.if` as a field, but older releases took these for keywords.
const JQ_KEYWORDS = new Set([
  '__loc__',
  'and',
  'as',
  'catch',
  'def',
  'elif',
  'else',
  'end',
  'foreach',
  'if',
  'import',
  'include',
  'label',
  'not',
  'or',
  'reduce',
  'then',
  'try',
]);

function isIndex(segment: PathSegment): segment is number {
  return typeof segment === 'number' && Number.isSafeInteger(segment) && segment >= 0;
}

/** `obj["@elements"][0].name`: pastes into a browser console with the object bound to `root`. */
export function toJavaScriptPath(path: Path, root = 'obj'): string {
  let text = root;
  for (const segment of path) {
    if (isIndex(segment)) text += `[${segment}]`;
    else if (JS_IDENTIFIER.test(String(segment))) text += `.${segment}`;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

/** RFC 9535 JSONPath: `$['@elements'][0].name`. */
export function toJsonPath(path: Path): string {
  let text = '$';
  for (const segment of path) {
    if (isIndex(segment)) text += `[${segment}]`;
    else if (JSON_PATH_NAME.test(String(segment))) text += `.${segment}`;
    else text += `['${escapeSingleQuoted(String(segment))}']`;
  }
  return text;
}

/** A jq filter: `.["@elements"][0].name`. */
export function toJqPath(path: Path): string {
  let text = '';
  for (const segment of path) {
    // A bracket directly after another term needs no dot; only the first one hangs off `.`.
    const lead = text === '' ? '.' : '';
    if (isIndex(segment)) text += `${lead}[${segment}]`;
    else if (JQ_IDENTIFIER.test(String(segment)) && !JQ_KEYWORDS.has(String(segment))) {
      text += `.${segment}`;
    } else text += `${lead}[${JSON.stringify(String(segment))}]`;
  }
  return text === '' ? '.' : text;
}

const SHORT_ESCAPES: Record<string, string> = {
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  "'": "\\'",
  '\\': '\\\\',
};

function escapeSingleQuoted(key: string): string {
  let text = '';
  // By code point: a surrogate pair comes out whole, a lone surrogate alone.
  for (const char of key) {
    const code = char.charCodeAt(0);
    const short = SHORT_ESCAPES[char];
    if (short !== undefined) text += short;
    // Control characters must be escaped (RFC 9535 §2.3.1.1); lone surrogates cannot appear raw.
    else if (code < 0x20 || (char.length === 1 && code >= 0xd800 && code <= 0xdfff)) {
      text += `\\u${code.toString(16).padStart(4, '0')}`;
    } else text += char;
  }
  return text;
}

/**
 * A path as a chain of parent links, so that iterative walks over deep values (a chain of 10,000
 * objects) extend a path in constant time and only build the array for the few they report.
 */
export interface PathLink {
  readonly parent: PathLink | null;
  readonly segment: PathSegment;
}

export function extendPath(parent: PathLink | null, segment: PathSegment): PathLink {
  return { parent, segment };
}

export function pathOf(link: PathLink | null): PathSegment[] {
  const path: PathSegment[] = [];
  for (let at = link; at !== null; at = at.parent) path.push(at.segment);
  return path.reverse();
}
