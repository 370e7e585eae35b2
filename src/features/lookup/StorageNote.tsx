import { useEffect, useState } from 'react';
import { storageNoteBeforeLoad } from '../../loader/spillPlan';
import { spillRoom } from '../../store/spillDirectory';

/**
 * Says, before a load, when the browser's storage could not keep a big model on disk
 * (docs/storage.md, Limits): no private file system, or little room left.
 */
export function StorageNote() {
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void spillRoom().then((room) => {
      if (current) setNote(storageNoteBeforeLoad(room));
    });
    return () => {
      current = false;
    };
  }, []);
  return note && <p className="hint warning-text">{note}</p>;
}
