/**
 * The explorer of a set of objects, whatever brought them: a server's with-children answer
 * (lookup/LookupResult.tsx) or opened files (FilesResult). The page that shows it says where the
 * set comes from and hands in what differs: the root, the names of saved files, the tools above
 * the panels.
 */
import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useObjectNavigation } from './useObjectNavigation';
import type { ObjectQueryInput } from '../../api/objects';
import type { ObjectLookup } from '../../routes/address';
import type { Path } from '../../speckle/paths';
import { countOf } from '../../speckle/counts';
import { type ObjectSet } from '../../objects/set/objectSet';
import { isLoading } from '../../objects/set/loadProgress';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { LoadStatus } from './LoadStatus';
import { ClosureIntegrity } from './overview/ClosureIntegrity';
import { useClosureCheck, type ClosureCheck } from './overview/useClosureCheck';
import { useRootClosure } from './overview/useRootClosure';
import { ModelOverview } from './overview/ModelOverview';
import { NO_FILTER, type ObjectFilter } from './list/objectFilter';
import { ObjectBrowser } from './list/ObjectBrowser';
import { ObjectSearch } from '../search';
import { ModelDoctor } from '../doctor';
import { PropertyTablePanel, useShowFindingInTable, type TableFinding } from '../table';
import { ResultObjectPane } from './ResultObjectPane';
import { SetExports } from '../exports';
import { useResultInView } from '../../shared/useResultInView';
import { useEscapeToCancel } from '../../shared/useEscapeToCancel';
import { useLoadPhase, useLoadProgress, useTextsStored } from '../../objects/set/useLoadProgress';

interface SetOrigin {
  /** The server lookup that brings the set, or null for files: nothing is then fetched. */
  input: ObjectQueryInput | null;
  /** That lookup as its address names it, for the addresses of the objects followed from it. */
  lookup: ObjectLookup | null;
  /** Null: the set's first object, as a server sends its root. */
  rootId: string | null;
  /** With `projectId`, names the result in the names of saved files. */
  host: string;
  projectId: string;
  /** The object in Speckle's web app, where the server has one. */
  speckleUrlOf: ((objectId: string) => string) | null;
  /** What the server does before it answers, when that is known (see LoadStatus). */
  waitingNote: string | null;
  /** Whether the first object's closure counts the load (see LoadStatus). */
  countAgainstFirstClosure: boolean;
  /**
   * Whether the set's bytes are a server's line form as received, so that the "server lines"
   * export writes them as they stand; otherwise it writes each object's id and text.
   */
  bodyIsLines: boolean;
  onRetry?: () => void;
  /** The model and version a Speckle link named, for the doctor's report. */
  version?: { modelId: string; versionId: string } | null;
  /** Opened files' names, for the doctor's report. */
  files?: readonly string[];
  /** Above the panels, handed the closure check for a report: the ticket tools, the files' source. */
  tools: (closureCheck: ClosureCheck) => ReactNode;
}

export function SetExplorer({ set, origin }: { set: ObjectSet; origin: SetOrigin }) {
  const { input, host, projectId, speckleUrlOf, waitingNote, onRetry } = origin;
  // The running figures follow the load by themselves; this page only draws again when what they
  // mean for it changes (a few times a load rather than four times a second).
  const phase = useLoadPhase(set);
  const { loading } = phase;
  // Read again whenever the phase changes, so that the first object is there once any came.
  const rootId = origin.rootId ?? set.rootId ?? '';
  // The toolbar, the overview, the closure check and the search come with the load's page, in a
  // render of their own, while the request waits for the server's answer: the page is idle then.
  // Drawn when the first objects came, they took the page's main thread at the load's busiest
  // moment and made the load longer; drawn with the list and the root, that arrival was one task
  // over the 50 ms of a long task (docs/loading.md, point 5). A load refused or cancelled before
  // any object came has no result to show them for; a result shown again with its objects has them
  // at once.
  const showPanels = useDeferredValue(loading || phase.anyReceived, phase.anyReceived);
  const navigation = useObjectNavigation(rootId, origin.lookup);
  const closure = useRootClosure(set, rootId, !loading);
  const stored = useTextsStored(set);
  const closureCheck = useClosureCheck(set, rootId, closure, !loading, stored);
  const [filter, setFilter] = useState<ObjectFilter>(NO_FILTER);
  // The doctor's report lives in its panel; the finding sent to the table is kept here for it.
  const [tableFinding, setTableFinding] = useState<TableFinding | null>(null);
  const showFindingInTable = useShowFindingInTable();
  const { shownId } = navigation;
  const complete = phase.status === 'complete';
  const target = useMemo(
    () => ({ host, projectId, objectId: rootId, complete }),
    [host, projectId, rootId, complete],
  );
  // The same functions from one drawing of the page to the next, for the memoised views. A text
  // on disk is read back from the moment its object is chosen, while the page draws the new route,
  // rather than once the view asks for it (the set reads it once).
  const openJump = useCallback(
    (id: string, reveal?: Path) => {
      // A read that fails is said by the pane that shows the object, which asks again.
      set.wantText(id).catch(() => undefined);
      navigation.open(id, { via: 'jump', reveal });
    },
    [set, navigation],
  );
  const showType = useCallback(
    (speckleType: string) => setFilter((current) => ({ ...current, speckleType })),
    [],
  );
  // While the load runs, an object it has not brought yet is shown in the result all the same
  // (fetched on its own beside the load, ResultObjectPane): leaving for its single page would
  // drop the load. Once it has ended, what it lacks is on its own page. Files have no server: what
  // they lack is shown as missing in the result.
  const follow = useCallback(
    (id: string) => {
      if (set.has(id) || !input) navigation.open(id, { via: 'reference' });
      else if (isLoading(set.getProgress())) {
        navigation.open(id, { via: 'reference', fetchApart: true });
      } else navigation.openSingle(id);
    },
    [set, input, navigation],
  );

  const subject = useMemo(
    () => ({
      // The server's address as it answered; its token stays where it is.
      server: input?.access.base ?? null,
      files: origin.files,
      projectId: input ? projectId : null,
      modelId: origin.version?.modelId ?? null,
      versionId: origin.version?.versionId ?? null,
      rootId: rootId || null,
    }),
    [input, origin.files, origin.version, projectId, rootId],
  );

  const resultRef = useResultInView<HTMLElement>(`${projectId}/${rootId}`);
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
        <LoadStatus
          set={set}
          waitingNote={waitingNote}
          countAgainstFirstClosure={origin.countAgainstFirstClosure}
        />
        {loading && (
          <button type="button" onClick={() => set.cancel()} aria-keyshortcuts="Escape">
            Cancel
          </button>
        )}
      </div>
      {origin.tools(closureCheck)}
      {/* While an automatic retry is pending, the status line says why and counts down; the alert
          comes only if the retries give up, as for a single object. */}
      {phase.error && !phase.retry && (
        <ErrorAlert error={phase.error} onRetry={loading ? undefined : onRetry} />
      )}
      {phase.anyDuplicates && <RepeatedObjectsHint set={set} />}
      {showPanels && (
        <>
          <SetExports
            set={set}
            rootId={rootId}
            target={target}
            enabled={phase.anyReceived}
            bodyIsLines={origin.bodyIsLines}
          />
          <ModelOverview
            set={set}
            rootId={rootId}
            target={target}
            shownType={filter.speckleType}
            onShowType={showType}
            onOpen={openJump}
          />
          <ClosureIntegrity
            check={closureCheck}
            referencesRead={stored !== 'disk'}
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
      {showPanels && (
        <ModelDoctor
          set={set}
          subject={subject}
          ready={!loading && phase.anyReceived}
          target={target}
          onOpen={openJump}
          onShowInTable={({ rule, title, items }) => {
            setTableFinding({ rule, title, ids: items.map(({ id }) => id) });
            showFindingInTable(rule);
          }}
        />
      )}
      {showPanels && (
        <PropertyTablePanel set={set} target={target} finding={tableFinding} onOpen={openJump} />
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
              projectId={projectId}
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
      several projects, or in several opened files); each is listed once, and the downloads keep
      every copy as it came.
    </p>
  );
}
