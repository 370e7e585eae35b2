import { useEffect, useState } from 'react';
import { browserLimits } from '../../loader/spillPlan';
import type { StorageLimits } from '../../loader/storageNotes';
import { spillRoom } from '../../store/spillDirectory';

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
