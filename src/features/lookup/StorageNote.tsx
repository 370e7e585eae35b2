import {
  modelNoteBeforeLoad,
  storageNoteBeforeLoad,
  type StorageLimits,
} from '../../objects/spill/storageNotes';

/**
 * Says, before a load, when the browser's storage could not keep a big model on disk
 * (docs/storage.md, Limits): no private file system, or too little room; and whether the model in
 * the form will fit, when its object count is known.
 */
export function StorageNote({
  limits,
  objectCount,
}: {
  limits: StorageLimits | null;
  objectCount: number | null;
}) {
  const note = limits && storageNoteBeforeLoad(limits);
  const modelNote = modelNoteBeforeLoad(objectCount, limits);
  return (
    <>
      {note && <p className="hint warning-text">{note}</p>}
      {modelNote && <p className="hint warning-text">{modelNote}</p>}
    </>
  );
}
