/**
 * What matching two versions needs of an object, read once from its text and kept instead of the
 * object: its `applicationId` (the host application's stable element id), its type, and the
 * references it holds, by path. A model's changed objects are read once each; the trees are not kept.
 */
import type { Path } from '../paths';
import { memberOf, readRawTree, referencedIdOf, stringOf, type RawValue } from './rawTree';

export interface Outline {
  applicationId: string | null;
  speckleType: string | null;
  /** Referenced id by path (the path as JSON text), in document order. */
  references: Map<string, string>;
}

/** Null when the text is not valid JSON. */
export function outlineOf(text: string): Outline | null {
  let tree: RawValue;
  try {
    tree = readRawTree(text);
  } catch {
    return null;
  }
  return {
    applicationId: stringOf(memberOf(tree, 'applicationId')),
    speckleType: stringOf(memberOf(tree, 'speckle_type')),
    references: referencesOf(tree),
  };
}

export function pathKey(path: Path): string {
  return JSON.stringify(path);
}

function referencesOf(tree: RawValue): Map<string, string> {
  const found = new Map<string, string>();
  const stack: Array<{ value: RawValue; path: Path }> = [{ value: tree, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, path } = item;
    const id = path.length > 0 ? referencedIdOf(value) : null;
    if (id !== null) {
      // What a reference holds (its own `__closure`) is no part of the object's shape.
      found.set(pathKey(path), id);
      continue;
    }
    // Pushed in reverse so that they come off the stack in document order.
    if (value.kind === 'array') {
      for (let i = value.items.length - 1; i >= 0; i -= 1) {
        const child = value.items[i] as RawValue;
        if (child.kind !== 'leaf') stack.push({ value: child, path: [...path, i] });
      }
    } else if (value.kind === 'object') {
      const entries = [...value.members];
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i] as [string, RawValue];
        if (child.kind !== 'leaf') stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return found;
}
