/**
 * What matching two versions needs of an object, read once from its text and kept instead of the
 * object: its `applicationId` (the host application's stable element id), its type, and the
 * references it holds, by path. A model's changed objects are read once each; the trees are not kept.
 *
 * Only the members that hold a reference are read, and checked to be JSON; the others are only
 * delimited, and `__closure` not even that (ownMembers.ts). A text that is not JSON where nothing
 * reads it is found by the difference, if it is paired (compareVersions.ts).
 */
import type { Path } from '../../../speckle/paths';
import { itemsOf, membersOf, ownMembers, stringValue } from './ownMembers';

export interface Outline {
  applicationId: string | null;
  speckleType: string | null;
  /** Referenced id by path (the path as JSON text), in document order. */
  references: Map<string, string>;
}

/** How a reference starts: a member without it holds none. */
const REFERENCE_KEY = '"referencedId"';

/** Null when the text is not a JSON object, or a member that holds a reference is not JSON. */
export function outlineOf(text: string): Outline | null {
  const members = ownMembers(text);
  if (!members) return null;
  const references = new Map<string, string>();
  try {
    for (const [key, value] of members) {
      if (value.includes(REFERENCE_KEY)) addReferences(value, [key], references);
    }
    return {
      applicationId: stringValue(members.get('applicationId')),
      speckleType: stringValue(members.get('speckle_type')),
      references,
    };
  } catch {
    return null;
  }
}

function pathKey(path: Path): string {
  return JSON.stringify(path);
}

/**
 * Adds the references in the value `text`, found at `at`, to `found`; walks its parts' texts
 * (ownMembers.ts) rather than a tree, as a list of elements is thousands of references. Throws a
 * SyntaxError when a part is not JSON.
 */
function addReferences(text: string, at: Path, found: Map<string, string>): void {
  const stack: Array<{ text: string; path: Path }> = [{ text, path: at }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { path } = item;
    const parts = item.text.startsWith('[') ? itemsOf(item.text) : membersOf(item.text);
    if (!parts) throw new SyntaxError(`Not valid JSON at ${pathKey(path)}.`);
    if (!Array.isArray(parts)) {
      const id = stringValue(parts.get('referencedId'));
      if (id !== null) {
        // What a reference holds (its own `__closure`) is no part of the object's shape.
        found.set(pathKey(path), id);
        continue;
      }
    }
    const entries: Array<[string | number, string]> = Array.isArray(parts)
      ? parts.map((part, index) => [index, part])
      : [...parts];
    // Pushed in reverse so that they come off the stack in document order.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, part] = entries[i] as [string | number, string];
      if (part.startsWith('{') || part.startsWith('['))
        stack.push({ text: part, path: [...path, key] });
    }
  }
}
