import { useSyncExternalStore } from 'react';
import { readCeilings, subscribeToCeilings } from './ceilingStore';
import type { LoadCeilings } from './loadCeilings';

/** The load ceilings saved now, for a view that shows or raises them. */
export function useCeilings(): LoadCeilings {
  return useSyncExternalStore(subscribeToCeilings, readCeilings, readCeilings);
}
