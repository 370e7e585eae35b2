import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { objectWithChildrenQuery, type ObjectQueryInput } from '../api/objects';
import { downloadParts } from '../export/download';
import { exportFileName, jsonArrayParts, jsonLinesParts } from '../export/formats';
import { isLoading, type ObjectSet } from '../speckle/objectSet';
import { ErrorAlert } from './ErrorAlert';
import { LoadStatus } from './LoadStatus';
import { filterObjects, type ObjectFilter } from './objectFilter';
import { ObjectFilterControls } from './ObjectFilterControls';
import { ObjectList } from './ObjectList';
import { ObjectView } from './ObjectView';
import { useFocusOnChange } from './useFocusOnChange';

export function ChildrenResult({ input, host }: { input: ObjectQueryInput; host: string }) {
  const queryClient = useQueryClient();
  const options = objectWithChildrenQuery(input);
  const { data: set } = useQuery(options);
  if (!set) return <p role="status">Connecting…</p>;
  return (
    <LoadedSet
      // A retry makes a new set; the selection starts again at its root.
      key={set.getProgress().startedAt}
      set={set}
      input={input}
      host={host}
      onRetry={() => void queryClient.resetQueries({ queryKey: options.queryKey, exact: true })}
    />
  );
}

function LoadedSet({
  set,
  input,
  host,
  onRetry,
}: {
  set: ObjectSet;
  input: ObjectQueryInput;
  host: string;
  onRetry: () => void;
}) {
  const progress = useSyncExternalStore(set.subscribe, set.getProgress);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [filter, setFilter] = useState<ObjectFilter>({ text: '', order: 'received' });
  // Typing stays responsive while a 100,000-object list is filtered behind it.
  const deferredFilter = useDeferredValue(filter);
  const listed = useMemo(
    () => filterObjects(set.summaries, progress.received, deferredFilter),
    [set, progress.received, deferredFilter],
  );
  const shownId = chosenId ?? set.rootId;
  const shownRaw = shownId ? set.raw(shownId) : undefined;
  const { projectId, objectId } = input;
  const fileName = (kind: string, extension: string) =>
    exportFileName({ host, projectId, objectId, kind, extension });

  const resultRef = useFocusOnChange<HTMLElement>(`${projectId}/${objectId}`);
  useEscapeToCancel(set, isLoading(progress));

  return (
    <section className="result" aria-label="Result" tabIndex={-1} ref={resultRef}>
      <div className="row status-row">
        <LoadStatus progress={progress} />
        {isLoading(progress) && (
          <button type="button" onClick={() => set.cancel()} aria-keyshortcuts="Escape">
            Cancel
          </button>
        )}
      </div>
      {progress.error && (
        <ErrorAlert error={progress.error} onRetry={isLoading(progress) ? undefined : onRetry} />
      )}
      {progress.duplicates > 0 && (
        <p className="hint">
          {progress.duplicates} objects arrived more than once (the same object stored in several
          projects); each is listed once, and the downloads keep every copy as the server sent it.
        </p>
      )}
      {progress.received > 0 && (
        <div className="row toolbar">
          <button
            type="button"
            onClick={() =>
              downloadParts(
                jsonArrayParts(set.records.map((record) => record.raw)),
                fileName(partialKind('objects', progress.status), 'json'),
                'application/json',
              )
            }
          >
            Download all as JSON array
          </button>
          <button
            type="button"
            onClick={() =>
              downloadParts(
                jsonLinesParts(set.records),
                fileName(partialKind('objects-lines', progress.status), 'txt'),
                'text/plain',
              )
            }
          >
            Download all as JSON lines
          </button>
        </div>
      )}
      <div className="split">
        {progress.received > 0 && (
          <div className="object-browser">
            <ObjectFilterControls
              filter={filter}
              onChange={setFilter}
              shown={listed.length}
              total={progress.received}
            />
            <ObjectList
              objects={listed}
              count={listed.length}
              selectedId={shownId}
              onOpen={setChosenId}
            />
          </div>
        )}
        {shownId && shownRaw !== undefined && (
          <ObjectView raw={shownRaw} objectId={shownId} projectId={projectId} host={host} />
        )}
      </div>
    </section>
  );
}

/** Escape stops a running download from anywhere on the page. */
function useEscapeToCancel(set: ObjectSet, loading: boolean) {
  useEffect(() => {
    if (!loading) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') set.cancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [set, loading]);
}

/** A file cut short says so in its name, so nobody mistakes it for the whole model. */
function partialKind(kind: string, status: string): string {
  return status === 'complete' ? kind : `${kind}-incomplete`;
}
