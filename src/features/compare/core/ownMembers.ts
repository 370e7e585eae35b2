/**
 * The parts of a JSON text (an object's members, an array's elements) as the text of each value,
 * found without parsing it (bytes/lazyObject.ts skips strings and long runs of numbers): matching
 * and diffing read as trees only the parts that differ, and never an object's own `id` and
 * `__closure`, which every change changes. A 100,000-object model's root is nearly all closure
 * (100,000 ids, 4 MB): read as a tree, it held the page for longer than the rest of a comparison.
 */
import { topLevelItems, topLevelMembers } from '../../../bytes/lazyObject';

/** Top-level members that every changed object changes: its hash, and its descendants' ids. */
const DERIVED_MEMBERS: ReadonlySet<string> = new Set(['id', '__closure']);

const NONE: ReadonlySet<string> = new Set();
const CLOSURE_KEY = '"__closure"';

/**
 * An object's members by name, in the order written (a name written twice keeps its first place
 * and its last value, as a parser does), those named in `leaveOut` left out. Null when the text is
 * not a JSON object as far as its outline shows; the values are not checked.
 */
export function membersOf(text: string, leaveOut = NONE): Map<string, string> | null {
  // A closure left out is not even read (see topLevelMembers).
  const members = topLevelMembers(text, leaveOut.has('__closure') ? CLOSURE_KEY : undefined);
  if (!members) return null;
  const values = new Map<string, string>();
  for (const { keyStart, keyEnd, start, end } of members) {
    const quoted = text.slice(keyStart, keyEnd);
    let key: string;
    try {
      // Without an escape, the name is what is between the quotes: most are, and parsing each
      // name was a large part of reading a list of references.
      key = quoted.includes('\\') ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
    } catch {
      return null;
    }
    if (!leaveOut.has(key)) values.set(key, text.slice(start, end));
  }
  return values;
}

/** A stored object's own members: all but the derived ones. */
export function ownMembers(text: string): Map<string, string> | null {
  return membersOf(text, DERIVED_MEMBERS);
}

/** An array's elements, in order; null when the text is not a JSON array as its outline shows. */
export function itemsOf(text: string): string[] | null {
  return topLevelItems(text)?.map(({ start, end }) => text.slice(start, end)) ?? null;
}

/** The string a value's text holds, or null when it is no string. */
export function stringValue(text: string | undefined): string | null {
  return text?.startsWith('"') ? (JSON.parse(text) as string) : null;
}

/** The id a reference's text names (`{"referencedId": "…", …}`), or null for any other value. */
export function referencedIdIn(text: string): string | null {
  return text.startsWith('{') ? stringValue(membersOf(text)?.get('referencedId')) : null;
}
