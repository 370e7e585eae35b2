import { useEffect, useState } from 'react';
import { browserLimits } from '../../objects/spill/spillPlan';
import type { StorageLimits } from '../../objects/spill/storageNotes';
import { spillRoom } from '../../objects/spill/spillDirectory';

/** What this browser can keep of a big model, once its storage has answered; null until then. */
export function useStorageLimits(): StorageLimits | null {
  const [limits, setLimits] = useState<StorageLimits | null>(null);
  useEffect(() => {
    let current = true;
    void spillRoom().then((room) => {
      if (current) setLimits({ ...browserLimits(), room });
    });
    return () => {
      current = false;
    };
  }, []);
  return limits;
}
