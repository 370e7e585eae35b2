import { createHash } from 'node:crypto';
import type { SummarisedSide } from '../../../src/features/compare/core/compareVersions';

/** An object as a version holds it: its text, and its id, the hash of that text as Speckle's is. */
export interface StoredObject {
  id: string;
  text: string;
}

/** Stores `fields` as a detached object; the id is a hash of its content, as Speckle's ids are. */
export function detach(fields: Record<string, unknown>): StoredObject {
  const id = createHash('md5').update(JSON.stringify(fields)).digest('hex');
  return { id, text: JSON.stringify({ id, ...fields }) };
}

export function ref(object: StoredObject): { referencedId: string; speckle_type: 'reference' } {
  return { referencedId: object.id, speckle_type: 'reference' };
}

/** A version whose root is the last object given. */
export function side(objects: readonly StoredObject[]): SummarisedSide {
  const byId = new Map(objects.map((object) => [object.id, object.text]));
  return {
    rootId: (objects.at(-1) as StoredObject).id,
    ids: () => byId.keys(),
    has: (id) => byId.has(id),
    raw: (id) => byId.get(id),
    summary: (id) => {
      const text = byId.get(id);
      if (text === undefined) return undefined;
      return { speckleType: typeOf(text), bytes: Buffer.byteLength(text) };
    },
  };
}

/** The text's type; none when it is not JSON (the load indexes such a text all the same). */
function typeOf(text: string): string {
  try {
    return (JSON.parse(text) as { speckle_type?: string }).speckle_type ?? '';
  } catch {
    return '';
  }
}
