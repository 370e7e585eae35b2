/**
 * Detached children appear in their parent as `{"referencedId": "<id>", "speckle_type": "reference"}`
 * (sometimes with a `__closure` of their own), as a property value or an array element.
 *
 * A reference is recognised by a string `referencedId` alone, as Speckle's viewer loader does, so
 * that the parsed and the text readers below agree without the text reader having to find the
 * sibling `speckle_type`. Walks are iterative: a value nested 10,000 levels deep must not overflow
 * the call stack.
 */
import { extendPath, pathOf, type Path, type PathLink } from './paths';

export interface Reference {
  referencedId: string;
  /** `"reference"` in everything Speckle writes. */
  speckle_type?: unknown;
}

export interface ReferenceAt {
  path: Path;
  referencedId: string;
}

export function isReference(value: unknown): value is Reference {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { referencedId?: unknown }).referencedId === 'string'
  );
}

/** Every reference in `value` (itself included) with its path, in document order, repeats included. */
export function findReferences(value: unknown): ReferenceAt[] {
  const found: ReferenceAt[] = [];
  const stack: Array<{ value: unknown; link: PathLink | null }> = [{ value, link: null }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const current = item.value;
    if (typeof current !== 'object' || current === null) continue;
    // Not the end of the walk: what a reference holds is read too, as the text reader does.
    if (isReference(current)) {
      found.push({ path: pathOf(item.link), referencedId: current.referencedId });
    }
    // Pushed in reverse so that they come off the stack in document order. Indexes are read
    // directly: a DataChunk holds 62,500 numbers, not worth a tuple each.
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) {
        const child: unknown = current[i];
        if (typeof child === 'object' && child !== null) {
          stack.push({ value: child, link: extendPath(item.link, i) });
        }
      }
    } else {
      const record = current as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const key = keys[i] as string;
        const child = record[key];
        if (typeof child === 'object' && child !== null) {
          stack.push({ value: child, link: extendPath(item.link, key) });
        }
      }
    }
  }
  return found;
}

/** The distinct ids that `value` refers to, in order of first appearance. */
export function referencedIds(value: unknown): string[] {
  const ids = new Set<string>();
  for (const { referencedId } of findReferences(value)) ids.add(referencedId);
  return [...ids];
}

const KEY = '"referencedId"';
const BACKSLASH = '\\';

/**
 * `referencedIds` read from an object's JSON text without parsing it, for checks over 100,000
 * objects. Inside a string every quote is escaped, so an occurrence of the key counts only when it
 * follows `{` or `,` and is followed by `:`; compact, spaced and pretty-printed text all work.
 */
export function referencedIdsInText(raw: string): string[] {
  const ids = new Set<string>();
  for (let at = raw.indexOf(KEY); at !== -1; at = raw.indexOf(KEY, at + KEY.length)) {
    if (!isKeyStart(raw, at)) continue;
    const colon = skipSpace(raw, at + KEY.length);
    if (raw[colon] !== ':') continue;
    const open = skipSpace(raw, colon + 1);
    if (raw[open] !== '"') continue;
    const close = raw.indexOf('"', open + 1);
    if (close === -1) continue;
    const literal = raw.slice(open + 1, close);
    // Ids are plain hex; anything escaped goes through the full string parser, quotes included.
    ids.add(literal.includes(BACKSLASH) ? readEscapedString(raw, open) : literal);
  }
  return [...ids];
}

function isKeyStart(raw: string, at: number): boolean {
  let before = at - 1;
  while (before >= 0 && isSpace(raw.charCodeAt(before))) before -= 1;
  return raw[before] === '{' || raw[before] === ',';
}

function skipSpace(raw: string, from: number): number {
  let at = from;
  while (at < raw.length && isSpace(raw.charCodeAt(at))) at += 1;
  return at;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function readEscapedString(raw: string, open: number): string {
  let at = open + 1;
  while (at < raw.length && raw[at] !== '"') at += raw[at] === BACKSLASH ? 2 : 1;
  return JSON.parse(raw.slice(open, at + 1)) as string;
}
