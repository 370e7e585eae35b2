// A collection written by a script rather than a connector: it refers to an object already on the
// server (the real Revit floor) without listing it in its `__closure`. The server builds the
// with-children answer from the closure, so that object is absent from the answer though `/single`
// serves it: the case where an explorer must fetch a followed reference on its own.
import { hash } from 'node:crypto';
import type { JsonObject } from './jsonb.ts';

/** As Speckle's SDKs do: the id hashes the object's text before `id` and `__closure` are added. */
function identified(body: JsonObject): JsonObject {
  return { id: hash('sha256', JSON.stringify(body)).slice(0, 32), ...body };
}

function reference(id: string): JsonObject {
  return { referencedId: id, speckle_type: 'reference' };
}

/** The collection and the one child its closure lists; `linkedId` names an object stored apart. */
export function outsideReferenceModel(linkedId: string): {
  root: JsonObject;
  objects: JsonObject[];
} {
  const note = identified({
    applicationId: null,
    name: 'Note',
    speckle_type: 'Base',
    text: 'Sent with the collection',
  });
  const noteId = String(note.id);
  const root = {
    ...identified({
      applicationId: null,
      collectionType: 'layer',
      elements: [reference(noteId), reference(linkedId)],
      name: 'Linked floor',
      speckle_type: 'Speckle.Core.Models.Collection',
    }),
    __closure: { [noteId]: 1 },
  };
  return { root, objects: [root, note] };
}
