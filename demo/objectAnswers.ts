// What the two object endpoints send for one object, wherever the object lives: the text of
// `/single` (also the stream's first object) and the with-children records, root first.
import type { JsonObject } from './jsonb.ts';
import { serializeJsonb } from './jsonb.ts';
import type { SpilledModel } from './spilledModel.ts';
import type { StreamMode, StreamRecord, StreamRecords } from './streamObjects.ts';

export interface ObjectAnswer {
  id: string;
  /** The object as `/single` and the stream's root send it (compact, the stored count). */
  text: string;
  /** The with-children records: the object, then its closure members the project holds, by id. */
  records(): StreamRecords;
  /** For a model kept on disk: its with-children body, gzipped once into a file. */
  compressedFile?: (mode: StreamMode) => Promise<string>;
}

export function closureKeys(object: JsonObject): string[] {
  const closure = object.__closure;
  return closure && typeof closure === 'object' && !Array.isArray(closure)
    ? Object.keys(closure)
    : [];
}

/**
 * The answer for an object of a model kept on disk: its root is built on first request; its other
 * objects are found once the model is on disk (looking for an unknown id never builds it).
 */
export async function spilledAnswer(
  model: SpilledModel,
  id: string,
): Promise<ObjectAnswer | undefined> {
  if (id === model.rootId) {
    await model.prepare();
    return {
      id,
      text: model.root(),
      records: () => model.body(),
      compressedFile: (mode) => model.compressed(mode),
    };
  }
  if (!model.isPrepared()) return undefined;
  const stored = model.child(id);
  if (stored === undefined) return undefined;
  const object = JSON.parse(stored) as JsonObject;
  // As the server does: the requested object gets the database's count column, null here.
  const text = serializeJsonb({ ...object, totalChildrenCount: null }, false);
  const members = closureKeys(object).sort();
  function* records(): Generator<StreamRecord> {
    yield { id, text };
    for (const member of members) {
      const child = model.child(member);
      if (child !== undefined) yield { id: member, text: child };
    }
  }
  return { id, text, records };
}
