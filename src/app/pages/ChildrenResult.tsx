import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useObjectNavigation } from '../../features/result/useObjectNavigation';
import type { ObjectQueryInput } from '../../api/objects';
import { objectWithChildrenQuery } from '../../loader/objectSetQuery';
import { DownloadButton } from '../../shared/DownloadButton';
import { useAskAgain } from '../../shared/useAskAgain';
import { countOf } from '../../speckle/counts';
import {
  EXPORT_FORMATS,
  setExportBytes,
  uniqueObjects,
  type ExportFormat,
} from '../../export/formats';
import { type ObjectSet } from '../../store/objectSet';
import { isLoading } from '../../store/loadProgress';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { LoadStatus } from '../../features/result/LoadStatus';
import { closureFindings } from '../../speckle/integrity';
import { ClosureIntegrity } from '../../features/overview/ClosureIntegrity';
import { useClosureCheck } from '../../features/overview/useClosureCheck';
import { useRootClosure } from '../../features/overview/useRootClosure';
import { ModelOverview } from '../../features/overview/ModelOverview';
import { NO_FILTER, type ObjectFilter } from '../../features/list/objectFilter';
import { ObjectBrowser } from '../../features/list/ObjectBrowser';
import { ObjectSearch } from '../../features/search/ObjectSearch';
import { ExportProgress } from '../../shared/ExportProgress';
import { ResultObjectPane } from './ResultObjectPane';
import { TicketTools } from '../../features/result/TicketTools';
import { useExport } from '../../shared/useExport';
import { useResultInView } from './useResultInView';
import { useEscapeToCancel } from './useEscapeToCancel';
import { useLoadPhase, useLoadProgress } from '../../shared/useLoadProgress';
import { useObjectRoute } from '../../shared/useObjectRoute';
import { CompareWithForm } from '../../features/compare/CompareWithForm';

export function ChildrenResult({
  input,
  host,
  speckleUrlOf,
  waitingNote,
}: {
  input: ObjectQueryInput;
  host: string;
  /** The object in Speckle's web app, where the server has one. */
  speckleUrlOf: ((objectId: string) => string) | null;
  /** What the server does before it answers, when that is known (see LoadStatus). */
  waitingNote: string | null;
}) {
  const queryClient = useQueryClient();
  useAskAgain('children', input);
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
      waitingNote={waitingNote}
      onRetry={() => void queryClient.resetQueries({ queryKey: options.queryKey, exact: true })}
    />
  );
}

function LoadedSet({
  set,
  input,
  host,
  speckleUrlOf,
  waitingNote,
  onRetry,
}: {
  set: ObjectSet;
  input: ObjectQueryInput;
  host: string;
  /** The object in Speckle's web app, where the server has one. */
  speckleUrlOf: ((objectId: string) => string) | null;
  waitingNote: string | null;
  onRetry: () => void;
}) {
  // The running figures follow the load by themselves; this page only draws again when what they
  // mean for it changes (a few times a load rather than four times a second).
  const phase = useLoadPhase(set);
  const { loading } = phase;
  // The toolbar, the overview, the closure check and the search come with the load's page, in a
  // render of their own, while the request waits for the server's answer: the page is idle then.
  // Drawn when the first objects came, they took the page's main thread at the load's busiest
  // moment and made the load longer; drawn with the list and the root, that arrival was one task
  // over the 50 ms of a long task (docs/loading.md, point 5). A load refused or cancelled before
  // any object came has no result to show them for; a result shown again with its objects has them
  // at once.
  const showPanels = useDeferredValue(loading || phase.anyReceived, phase.anyReceived);
  const navigation = useObjectNavigation(input.objectId);
  const closure = useRootClosure(set, !loading);
  const closureCheck = useClosureCheck(set, closure, !loading);
  const [filter, setFilter] = useState<ObjectFilter>(NO_FILTER);
  const { shownId } = navigation;
  const { projectId, objectId } = input;
  const exports = useExport();
  const route = useObjectRoute();
  const complete = phase.status === 'complete';
  const target = useMemo(
    () => ({ host, projectId, objectId, complete }),
    [host, projectId, objectId, complete],
  );
  // The same functions from one drawing of the page to the next, for the memoised views.
  const openJump = useCallback((id: string) => navigation.open(id, { via: 'jump' }), [navigation]);
  const showType = useCallback(
    (speckleType: string) => setFilter((current) => ({ ...current, speckleType })),
    [],
  );
  // While the load runs, an object it has not brought yet is shown in the result all the same
  // (fetched on its own beside the load, ResultObjectPane): leaving for its single page would
  // drop the load. Once it has ended, what it lacks is on its own page.
  const follow = useCallback(
    (id: string) => {
      if (set.has(id)) navigation.open(id, { via: 'reference' });
      else if (isLoading(set.getProgress())) {
        navigation.open(id, { via: 'reference', fetchApart: true });
      } else navigation.openSingle(id);
    },
    [set, navigation],
  );

  /** Saves the load's objects as `format` once their bytes are here; disabled until any came. */
  const exportButton = <Input,>(format: ExportFormat<Input>, input: () => Input) => (
    <DownloadButton
      format={format}
      disabled={!phase.anyReceived}
      onClick={() =>
        exports.save(format, set.wantBytes().then(input), target, setExportBytes(format.id, set))
      }
    />
  );

  const eachObjectOnce = () => ({ objects: uniqueObjects(set) });

  const resultRef = useResultInView<HTMLElement>(`${projectId}/${objectId}`);
  const wantBytes = useCallback(() => void set.wantBytes(), [set]);
  useEscapeToCancel(set, loading);

  return (
    <section
      className="result"
      aria-label="Result"
      tabIndex={-1}
      ref={resultRef}
      // The loader holds the objects' bytes back while the user only watches (ObjectSet.wantBytes);
      // whatever the user does next may need them, so they are asked for at the first touch.
      onPointerDownCapture={loading ? wantBytes : undefined}
      onKeyDownCapture={loading ? wantBytes : undefined}
    >
      <div className="row status-row">
        <LoadStatus set={set} waitingNote={waitingNote} />
        {loading && (
          <button type="button" onClick={() => set.cancel()} aria-keyshortcuts="Escape">
            Cancel
          </button>
        )}
      </div>
      <TicketTools
        input={input}
        mode="children"
        reportFacts={() => {
          const progress = set.getProgress();
          return {
            outcome: progress.error ? progress.error.message : progress.status,
            httpStatus: progress.error?.context.status ?? (progress.received > 0 ? 200 : null),
            counts: {
              received: progress.received,
              expected: progress.expected,
              duplicates: progress.duplicates,
            },
            bytes: progress.bytes,
            elapsedMs:
              progress.finishedAt === null ? null : progress.finishedAt - progress.startedAt,
            integrity:
              closureCheck.state === 'done' ? closureFindings(closureCheck.report) : undefined,
          };
        }}
      />
      {!loading && phase.anyReceived && (
        <CompareWithForm
          projectId={projectId}
          objectId={objectId}
          origin={input.origin}
          server={route?.server ?? null}
        />
      )}
      {/* While an automatic retry is pending, the status line says why and counts down; the alert
          comes only if the retries give up, as for a single object. */}
      {phase.error && !phase.retry && (
        <ErrorAlert error={phase.error} onRetry={loading ? undefined : onRetry} />
      )}
      {phase.anyDuplicates && <RepeatedObjectsHint set={set} />}
      {showPanels && (
        <>
          <div className="row toolbar">
            {exportButton(EXPORT_FORMATS.jsonArray, () => ({ records: set.records }))}
            {/* The body as it stands when its bytes are here. */}
            {exportButton(EXPORT_FORMATS.jsonLines, () => ({
              records: set.records,
              lineBytes: set.bodyBytes(),
            }))}
            {exportButton(EXPORT_FORMATS.ndjson, eachObjectOnce)}
            {exportButton(EXPORT_FORMATS.ids, eachObjectOnce)}
          </div>
          <ExportProgress active={exports.active} outcome={exports.outcome} />
          <ModelOverview
            set={set}
            target={target}
            shownType={filter.speckleType}
            onShowType={showType}
            onOpen={openJump}
          />
          <ClosureIntegrity
            check={closureCheck}
            closure={closure}
            complete={complete}
            target={target}
            onOpen={openJump}
          />
        </>
      )}
      {showPanels && (
        <ObjectSearch
          set={set}
          onOpen={(id, path) => navigation.open(id, { via: 'jump', reveal: path })}
        />
      )}
      <div className="split">
        {phase.anyReceived && (
          <ObjectBrowser
            set={set}
            filter={filter}
            onFilterChange={setFilter}
            selectedId={shownId}
            onOpen={openJump}
          />
        )}
        <div className="object-pane">
          {phase.anyReceived && (
            <ResultObjectPane
              set={set}
              input={input}
              host={host}
              navigation={navigation}
              loading={loading}
              onFollow={follow}
              speckleUrlOf={speckleUrlOf}
            />
          )}
        </div>
      </div>
    </section>
  );
}

/** The number of repeats grows while the load runs: counted here, not by the page. */
function RepeatedObjectsHint({ set }: { set: ObjectSet }) {
  const { duplicates } = useLoadProgress(set);
  return (
    <p className="hint">
      {countOf(duplicates, 'object', 'objects')} arrived more than once (the same object stored in
      several projects); each is listed once, and the downloads keep every copy as the server sent
      it.
    </p>
  );
}
