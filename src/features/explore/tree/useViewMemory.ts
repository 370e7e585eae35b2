import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { viewMemory } from './viewMemory';

/**
 * The memory of object `objectId`'s view in the history entry shown, and what it held when the
 * view was first drawn: Back and Forward return to the view as it was left in that entry.
 */
export function useViewMemory(objectId: string) {
  const { key: entryKey } = useLocation();
  const session = useQueryClient();
  const memory = useMemo(
    () => viewMemory(session, entryKey, objectId),
    [session, entryKey, objectId],
  );
  const [restored] = useState(() => ({ settings: memory.settings, tree: memory.tree }));
  return { memory, restored };
}
