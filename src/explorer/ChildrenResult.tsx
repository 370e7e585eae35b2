import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { shortTypeName } from '../speckle/types';
import { ObjectTrail } from './ObjectTrail';
import { useObjectNavigation } from './useObjectNavigation';
import { objectWithChildrenQuery, type ObjectQueryInput } from '../api/objects';
import { EXPORT_FORMATS, setExportBytes, uniqueObjects } from '../export/formats';
import { isLoading, type ObjectSet } from '../speckle/objectSet';
import { ErrorAlert } from './ErrorAlert';
import { LoadStatus } from './LoadStatus';
import { closureFindings } from '../speckle/integrity';
import { ClosureIntegrity } from './ClosureIntegrity';
import { useClosureCheck } from './useClosureCheck';
import { useRootClosure } from './useRootClosure';
import { ModelOverview } from './ModelOverview';
import { NO_FILTER, type ObjectFilter } from './objectFilter';
import { ObjectFilterControls } from './ObjectFilterControls';
import { ObjectList } from './ObjectList';
import { ObjectSearch } from './ObjectSearch';
import { ExportProgress } from './ExportProgress';
import { ObjectView } from './ObjectView';
import { TicketTools } from './TicketTools';
import { useExport } from './useExport';
import { useFilteredObjects } from './useFilteredObjects';
import { useFocusOnChange } from './useFocusOnChange';
import { useObjectSource } from './useObjectSource';

export function ChildrenResult({
  input,
  host,
  speckleUrlOf,
}: {
  input: ObjectQueryInput;
  host: string;
  /** The object in Speckle's web app, where the server has one. */
  speckleUrlOf: ((objectId: string) => string) | null;
}) {
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
      speckleUrlOf={speckleUrlOf}
      onRetry={() => void queryClient.resetQueries({ queryKey: options.queryKey, exact: true })}
    />
  );
}

function LoadedSet({
  set,
  input,
  host,
  speckleUrlOf,
  onRetry,
}: {
  set: ObjectSet;
  input: ObjectQueryInput;
  host: string;
  /** The object in Speckle's web app, where the server has one. */
  speckleUrlOf: ((objectId: string) => string) | null;
  onRetry: () => void;
}) {
  const progress = useSyncExternalStore(set.subscribe, set.getProgress);
  const navigation = useObjectNavigation(input.objectId);
  const closure = useRootClosure(set, !isLoading(progress));
  const closureCheck = useClosureCheck(set, closure, !isLoading(progress));
  const [filter, setFilter] = useState<ObjectFilter>(NO_FILTER);
  const listed = useFilteredObjects(set, progress.received, filter);
  const { shownId } = navigation;
  const shownArrived = set.has(shownId);
  const shownSource = useObjectSource(set, shownId, shownArrived);
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
          integrity:
            closureCheck.state === 'done' ? closureFindings(closureCheck.report) : undefined,
        }}
      />
      {/* While an automatic retry is pending, the status line says why and counts down; the alert
          comes only if the retries give up, as for a single object. */}
      {progress.error && !progress.retry && (
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
                [EXPORT_FORMATS.jsonArray, () => ({ records: set.records })],
                // The body as it stands when the button is pressed.
                [
                  EXPORT_FORMATS.jsonLines,
                  () => ({ records: set.records, lineBytes: set.bodyBytes() }),
                ],
              ] as const
            ).map(([format, input]) => (
              <button
                key={format.id}
                type="button"
                onClick={() =>
                  exports.save(format, input(), target, setExportBytes(format.id, set))
                }
              >
                {format.label}
              </button>
            ))}
            {([EXPORT_FORMATS.ndjson, EXPORT_FORMATS.ids] as const).map((format) => (
              <button
                key={format.id}
                type="button"
                onClick={() =>
                  exports.save(
                    format,
                    { objects: uniqueObjects(set) },
                    target,
                    setExportBytes(format.id, set),
                  )
                }
              >
                {format.label}
              </button>
            ))}
          </div>
          <ExportProgress active={exports.active} outcome={exports.outcome} />
          <ModelOverview
            set={set}
            received={progress.received}
            target={target}
            shownType={filter.speckleType}
            onShowType={(speckleType) => setFilter((current) => ({ ...current, speckleType }))}
            onOpen={(id) => navigation.open(id, { via: 'jump' })}
          />
          <ClosureIntegrity
            check={closureCheck}
            closure={closure}
            progress={progress}
            target={target}
            onOpen={(id) => navigation.open(id, { via: 'jump' })}
          />
        </>
      )}
      {progress.received > 0 && (
        <ObjectSearch
          set={set}
          received={progress.received}
          loading={isLoading(progress)}
          onOpen={(id, path) => navigation.open(id, { via: 'jump', reveal: path })}
        />
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
              count={listed.count}
              objectAt={(index) => listed.objects[index]}
              selectedId={shownId}
              onOpen={(id) => navigation.open(id, { via: 'jump' })}
            />
          </div>
        )}
        <div className="object-pane">
          {progress.received > 0 && (
            <ObjectTrail
              trail={navigation.trail}
              hrefFor={navigation.hrefFor}
              titleOf={(id) => titleOf(set, id)}
            />
          )}
          {shownSource !== undefined ? (
            <ObjectView
              key={shownId}
              source={shownSource}
              objectId={shownId}
              projectId={projectId}
              host={host}
              objects={set}
              onFollow={(id) =>
                set.has(id) ? navigation.open(id, { via: 'reference' }) : navigation.openSingle(id)
              }
              reveal={navigation.reveal}
              speckleUrl={speckleUrlOf?.(shownId) ?? null}
            />
          ) : shownArrived ? (
            <p className="hint">Reading object {shownId}…</p>
          ) : (
            progress.received > 0 && (
              <NotInResult
                id={shownId}
                loading={isLoading(progress)}
                onOpenSingle={() => navigation.openSingle(shownId)}
              />
            )
          )}
        </div>
      </div>
    </section>
  );
}

function titleOf(set: ObjectSet, id: string): string {
  const summary = set.summary(id);
  return summary ? `${shortTypeName(summary.speckleType)} ${id.slice(0, 8)}` : id.slice(0, 8);
}

function NotInResult({
  id,
  loading,
  onOpenSingle,
}: {
  id: string;
  loading: boolean;
  onOpenSingle: () => void;
}) {
  if (loading) return <p className="hint">Object {id} has not arrived yet.</p>;
  return (
    <div className="hint">
      <p>Object {id} is not in this result.</p>
      <button type="button" onClick={onOpenSingle}>
        Get it on its own
      </button>
    </div>
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
