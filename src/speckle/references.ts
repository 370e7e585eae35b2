/**
 * Detached children appear in their parent as `{"referencedId": "<id>", "speckle_type": "reference"}`
 * (sometimes with a `__closure` of their own), as a property value or an array element.
 *
 * A reference is recognised by a string `referencedId` alone, as Speckle's viewer loader does, so
 * that the parsed and the text readers below agree without the text reader having to find the
 * sibling `speckle_type`. Walks are iterative: a value nested 10,000 levels deep must not overflow
 * the call stack.
 */
import { BACKSLASH, hasBytesAt, isKeyAt, QUOTE, skipSpace, stringEnd } from '../bytes/jsonBytes';
import { decodeSpan } from '../bytes/utf8Text';
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

const KEY = new TextEncoder().encode('"referencedId"');
/** The key's rarest byte: the engine's own byte search finds the few places worth comparing. */
const REFERENCED_ID_ANCHOR = KEY.indexOf(0x49);

/**
 * The index of the quote that opens the string value of a `"referencedId"` key starting at `at`,
 * or -1 when no key starts there. Inside a string every quote is escaped, so the key's bytes count
 * only when they follow `{` or `,` and are followed by `:`; compact, spaced and pretty-printed
 * text all work.
 */
export function referencedIdAt(text: Uint8Array, at: number): number {
  const afterKey = at + KEY.length;
  if (!hasBytesAt(text, KEY, at) || !isKeyAt(text, at, afterKey)) return -1;
  const open = skipSpace(text, skipSpace(text, afterKey) + 1);
  return text[open] === QUOTE ? open : -1;
}

/**
 * `referencedIds` read from an object's JSON text, as the UTF-8 bytes it arrived as, without
 * parsing or decoding it, for checks over 100,000 objects.
 */
export function referencedIdsInText(text: Uint8Array): string[] {
  const ids = new Set<string>();
  const anchor = KEY[REFERENCED_ID_ANCHOR]!;
  for (let found = text.indexOf(anchor); found !== -1; found = text.indexOf(anchor, found + 1)) {
    const open = referencedIdAt(text, found - REFERENCED_ID_ANCHOR);
    const close = open === -1 ? -1 : stringEnd(text, open);
    if (close === -1) continue;
    // Ids are plain hex; anything escaped goes through the full string parser, quotes included.
    const escaped = text.subarray(open + 1, close).includes(BACKSLASH);
    ids.add(
      escaped
        ? (JSON.parse(decodeSpan(text, open, close + 1)) as string)
        : decodeSpan(text, open + 1, close),
    );
  }
  return [...ids];
}
