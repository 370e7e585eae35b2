import { useEffect, useState } from 'react';
import { EXPORT_FORMATS, type ExportTarget } from '../export/formats';
import { checkClosureSteps, type ClosureReport } from '../speckle/integrity';
import { isLoading, type LoadProgress, type ObjectSet } from '../speckle/objectSet';
import { formatCount } from '../speckle/text';
import { ExportProgress } from './ExportProgress';
import { PagedList } from './PagedList';
import { runInSlices } from './timeSlices';
import { useExport } from './useExport';
import { useRootClosure } from './useRootClosure';

type Check =
  | { state: 'waiting' }
  | { state: 'checking' }
  | { state: 'done'; report: ClosureReport }
  | { state: 'failed'; message: string };

/**
 * What the root's `__closure` promised against what arrived: missing ids, references to objects
 * that are not there, repeats and strangers. Checked once the load has ended, in time slices.
 */
export function ClosureIntegrity({
  set,
  progress,
  target,
  onOpen,
}: {
  set: ObjectSet;
  progress: LoadProgress;
  target: ExportTarget;
  onOpen: (id: string) => void;
}) {
  const closure = useRootClosure(set);
  const check = useClosureCheck(set, closure, !isLoading(progress));
  const exports = useExport();
  const partial = progress.status !== 'complete';

  return (
    <details className="result-panel">
      <summary>Closure integrity: {summaryOf(check)}</summary>
      <div className="panel-body">
        <p aria-live="polite">{check.state === 'done' ? verdict(check.report) : null}</p>
        {check.state === 'waiting' && (
          <p className="hint">The check runs once the load has ended.</p>
        )}
        {check.state === 'failed' && <p className="error-text">{check.message}</p>}
        {check.state === 'done' && partial && (
          <p className="hint warning-text">
            The load stopped before the server finished: the check covers the{' '}
            {formatCount(check.report.received)} objects that arrived, so objects the server would
            still have sent count as missing.
          </p>
        )}
        {check.state === 'done' && (
          <Findings
            report={check.report}
            closure={closure}
            onOpen={onOpen}
            onDownloadMissing={() =>
              exports.save(
                EXPORT_FORMATS.missingIds,
                { ids: check.report.missing },
                { ...target, complete: !partial },
              )
            }
          />
        )}
        <ExportProgress active={exports.active} outcome={exports.outcome} />
      </div>
    </details>
  );
}

function Findings({
  report,
  closure,
  onOpen,
  onDownloadMissing,
}: {
  report: ClosureReport;
  closure: ReadonlyMap<string, number> | null;
  onOpen: (id: string) => void;
  onDownloadMissing: () => void;
}) {
  const { missing, danglingReferences, duplicates, unexpected } = report;
  const open = (id: string) => (
    <button type="button" className="link-button" onClick={() => onOpen(id)}>
      <code className="id">{id}</code>
    </button>
  );
  return (
    <>
      {missing.length > 0 && (
        <section aria-label="Missing objects">
          <h3>Missing objects ({formatCount(missing.length)})</h3>
          <p className="hint">Listed in the root’s __closure, not sent by the server.</p>
          <button type="button" onClick={onDownloadMissing}>
            Download missing ids
          </button>
          <PagedList
            items={missing}
            label="Missing objects"
            render={(id) => (
              <>
                <code className="id">{id}</code>{' '}
                <span className="hint">depth {closure?.get(id) ?? '?'}</span>
              </>
            )}
          />
        </section>
      )}
      {danglingReferences.length > 0 && (
        <section aria-label="References to absent objects">
          <h3>References to absent objects ({formatCount(danglingReferences.length)})</h3>
          <PagedList
            items={danglingReferences}
            label="References to absent objects"
            render={({ from, to }) => (
              <>
                {open(from)} refers to <code className="id">{to}</code>
              </>
            )}
          />
        </section>
      )}
      {duplicates.length > 0 && (
        <section aria-label="Objects received more than once">
          <h3>Received more than once ({formatCount(duplicates.length)})</h3>
          <PagedList
            items={duplicates}
            label="Objects received more than once"
            render={({ id, count }) => (
              <>
                {open(id)} {count} times
              </>
            )}
          />
        </section>
      )}
      {unexpected.length > 0 && (
        <section aria-label="Objects outside the closure">
          <h3>Outside the closure ({formatCount(unexpected.length)})</h3>
          <p className="hint">Received, but neither the root nor listed in its __closure.</p>
          <PagedList items={unexpected} label="Objects outside the closure" render={open} />
        </section>
      )}
    </>
  );
}

function useClosureCheck(
  set: ObjectSet,
  closure: ReadonlyMap<string, number> | null,
  ended: boolean,
): Check {
  const [result, setResult] = useState<{ set: ObjectSet; check: Check }>();
  const { rootId } = set;
  useEffect(() => {
    if (!ended || !closure) return;
    const controller = new AbortController();
    // What arrived is all there will be: a retry makes a new set.
    const records = set.records.slice();
    runInSlices(checkClosureSteps(rootId, closure, records), { signal: controller.signal }).then(
      (report) => setResult({ set, check: { state: 'done', report } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = `The check failed: ${error instanceof Error ? error.message : error}`;
        setResult({ set, check: { state: 'failed', message } });
      },
    );
    return () => controller.abort();
  }, [set, rootId, closure, ended]);
  if (result?.set === set) return result.check;
  return ended ? { state: 'checking' } : { state: 'waiting' };
}

function summaryOf(check: Check): string {
  switch (check.state) {
    case 'waiting':
      return 'waits for the load to end';
    case 'checking':
      return 'checking…';
    case 'failed':
      return 'failed';
    case 'done': {
      const { missing, danglingReferences, duplicates, unexpected } = check.report;
      const findings = [
        [missing.length, 'missing'],
        [danglingReferences.length, 'dangling references'],
        [duplicates.length, 'repeated'],
        [unexpected.length, 'unexpected'],
      ] as const;
      const found = findings.filter(([count]) => count > 0);
      return found.length === 0
        ? 'complete'
        : found.map(([count, what]) => `${formatCount(count)} ${what}`).join(', ');
    }
  }
}

function verdict({
  expected,
  received,
  missing,
  danglingReferences,
  duplicates,
  unexpected,
}: ClosureReport): string {
  const sentences = [
    missing.length === 0
      ? `All ${formatCount(expected)} expected objects arrived (the root and ${formatCount(expected - 1)} listed in its __closure).`
      : `${formatCount(received - unexpected.length)} of ${formatCount(expected)} expected objects arrived; ${formatCount(missing.length)} listed in the root’s __closure did not.`,
  ];
  if (danglingReferences.length > 0) {
    sentences.push(
      `${formatCount(danglingReferences.length)} references point to objects that did not arrive.`,
    );
  }
  if (duplicates.length > 0) {
    sentences.push(`${formatCount(duplicates.length)} objects arrived more than once.`);
  }
  if (unexpected.length > 0) {
    sentences.push(
      `${formatCount(unexpected.length)} objects arrived that the closure does not list.`,
    );
  }
  return sentences.join(' ');
}
