import { storageNoteBeforeLoad, type StorageLimits } from '../../loader/storageNotes';

/**
 * Says, before a load, when the browser's storage could not keep a big model on disk
 * (docs/storage.md, Limits): no private file system, or too little room.
 */
export function StorageNote({ limits }: { limits: StorageLimits | null }) {
  const note = limits && storageNoteBeforeLoad(limits);
  return note && <p className="hint warning-text">{note}</p>;
}
