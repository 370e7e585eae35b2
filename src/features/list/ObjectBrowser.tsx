import type { ObjectSet } from '../../store/objectSet';
import type { ObjectFilter } from './objectFilter';
import { ObjectFilterControls } from './ObjectFilterControls';
import { ObjectList } from './ObjectList';
import { useFilteredObjects } from './useFilteredObjects';
import { useLoadProgress } from '../../shared/useLoadProgress';

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
  return (
    <div className="object-browser">
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
