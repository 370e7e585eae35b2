import { useEffect, useRef } from 'react';
import type { ObjectSet } from '../../../objects/set/objectSet';
import type { ObjectFilter } from './objectFilter';
import { ObjectFilterControls } from './ObjectFilterControls';
import { ObjectList } from './ObjectList';
import { useFilteredObjects } from './useFilteredObjects';
import { useLoadProgress } from '../../../objects/set/useLoadProgress';

/**
 * The received objects as a filtered, sorted list. It follows every progress update of the load by
 * itself, so that the page around it need not.
 */
export function ObjectBrowser({
  set,
  filter,
  onFilterChange,
  selectedId,
  onOpen,
}: {
  set: ObjectSet;
  filter: ObjectFilter;
  onFilterChange: (filter: ObjectFilter) => void;
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  const { received } = useLoadProgress(set);
  const listed = useFilteredObjects(set, received, filter);
  const browserRef = useListInViewOnTypeChoice(filter.speckleType);
  return (
    <div className="object-browser" ref={browserRef}>
      <ObjectFilterControls
        filter={filter}
        onChange={onFilterChange}
        shown={listed.count}
        total={received}
      />
      <ObjectList
        count={listed.count}
        objectAt={(index) => listed.objects.at(index)}
        selectedId={selectedId}
        onOpen={onOpen}
      />
    </div>
  );
}

/**
 * Scrolls the list into view when a type is chosen: the overview's type buttons sit above it, often
 * a screen away, and a list narrowed out of sight looks like a click that did nothing.
 */
function useListInViewOnTypeChoice(speckleType: string | null) {
  const ref = useRef<HTMLDivElement>(null);
  const previous = useRef(speckleType);
  useEffect(() => {
    if (speckleType !== null && speckleType !== previous.current) {
      // jsdom has no scrollIntoView.
      ref.current?.scrollIntoView?.({ block: 'nearest' });
    }
    previous.current = speckleType;
  }, [speckleType]);
  return ref;
}
