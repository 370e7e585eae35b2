import {
  canRaise,
  ceilingText,
  raisedCeilings,
  type CeilingName,
} from '../objects/load/loadCeilings';
import { saveCeilings } from '../objects/load/ceilingStore';
import { useCeilings } from '../objects/load/useCeilings';

/**
 * For a load stopped at a ceiling: raises that ceiling (doubled) and asks again, in one step. The
 * same load, unchanged, would stop at the same place, so this replaces Retry.
 */
export function RaiseCeilingButton({
  ceiling,
  onRetry,
}: {
  ceiling: CeilingName;
  onRetry: () => void;
}) {
  const ceilings = useCeilings();
  if (!canRaise(ceilings, ceiling)) return null;
  const raised = raisedCeilings(ceilings, ceiling);
  return (
    <button
      type="button"
      onClick={() => {
        saveCeilings(raised);
        onRetry();
      }}
    >
      Raise the limit to {ceilingText(ceiling, raised[ceiling])} and load again
    </button>
  );
}
