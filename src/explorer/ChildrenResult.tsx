import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { objectWithChildrenQuery, type ObjectQueryInput } from '../api/objects';
import { EXPORT_FORMATS, uniqueObjects } from '../export/formats';
import { isLoading, type ObjectSet } from '../speckle/objectSet';
import { ErrorAlert } from './ErrorAlert';
import { LoadStatus } from './LoadStatus';
import type { ObjectFilter } from './objectFilter';
import { ObjectFilterControls } from './ObjectFilterControls';
import { ObjectList } from './ObjectList';
import { ExportProgress } from './ExportProgress';
import { ObjectView } from './ObjectView';
import { TicketTools } from './TicketTools';
import { useExport } from './useExport';
import { useFilteredObjects } from './useFilteredObjects';
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
  const listed = useFilteredObjects(set, progress.received, filter);
  const shownId = chosenId ?? set.rootId;
  const shownArrived = shownId !== null && set.has(shownId);
  // The set decodes an object's text from its bytes on each call: once per choice is enough.
  const shownRaw = useMemo(
    () => (shownId && shownArrived ? set.raw(shownId) : undefined),
    [set, shownId, shownArrived],
  );
  const { projectId, objectId } = input;
  const exports = useExport();
  const target = { host, projectId, objectId, complete: progress.status === 'complete' };

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
      <TicketTools
        input={input}
        mode="children"
        facts={{
          outcome: progress.error ? progress.error.message : progress.status,
          httpStatus: progress.error?.context.status ?? (progress.received > 0 ? 200 : null),
          counts: {
            received: progress.received,
            expected: progress.expected,
            duplicates: progress.duplicates,
          },
          bytes: progress.bytes,
          elapsedMs: progress.finishedAt === null ? null : progress.finishedAt - progress.startedAt,
        }}
      />
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
        <>
          <div className="row toolbar">
            {(
              [
                [EXPORT_FORMATS.jsonArray, { records: set.records }],
                [EXPORT_FORMATS.jsonLines, { records: set.records, lineBytes: set.blocks }],
              ] as const
            ).map(([format, records]) => (
              <button
                key={format.id}
                type="button"
                onClick={() => exports.save(format, records, target)}
              >
                {format.label}
              </button>
            ))}
            {([EXPORT_FORMATS.ndjson, EXPORT_FORMATS.ids] as const).map((format) => (
              <button
                key={format.id}
                type="button"
                onClick={() => exports.save(format, { objects: uniqueObjects(set) }, target)}
              >
                {format.label}
              </button>
            ))}
          </div>
          <ExportProgress active={exports.active} outcome={exports.outcome} />
        </>
      )}
      <div className="split">
        {progress.received > 0 && (
          <div className="object-browser">
            <ObjectFilterControls
              filter={filter}
              onChange={setFilter}
              shown={listed.count}
              total={progress.received}
            />
            <ObjectList
              objects={listed.objects}
              count={listed.count}
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
