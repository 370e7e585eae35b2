/** Each kind of change as the page names it. */
import type { ChangeKind } from './core/compareVersions';

export const KIND_NAMES: Record<ChangeKind, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  changedBelow: 'Changed only below',
};
