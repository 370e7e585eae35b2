/** A loaded set as one side of a comparison (speckle/compare): its objects, each once. */
import type { SummarisedSide } from './core/compareVersions';
import type { ObjectSet } from '../../objects/set/objectSet';

export function compareSideOf(set: ObjectSet): SummarisedSide {
  return {
    rootId: set.rootId ?? '',
    ids: () => set.ids(),
    has: (id) => set.has(id),
    raw: (id) => set.raw(id),
    summary: (id) => set.summary(id),
  };
}
