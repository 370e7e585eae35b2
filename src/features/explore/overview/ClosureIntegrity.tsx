import {
  EXPORT_FORMATS,
  type ExportTarget,
  DownloadButton,
  ExportProgress,
  useExport,
} from '../../exports';
import { closureFindings, type ClosureReport } from '../../../speckle/integrity';
import type { ClosureCheck } from './useClosureCheck';
import { countOf, formatCount } from '../../../speckle/counts';
import { PagedList } from '../../../shared/PagedList';

/**
 * What the root's `__closure` promised against what arrived: missing ids, references to objects
 * that are not there, repeats and strangers. Checked once the load has ended, in time slices.
 */
export function ClosureIntegrity({
  check,
  closure,
  complete,
  target,
  onOpen,
  referencesRead = true,
}: {
  check: ClosureCheck;
  /** False for a model whose texts are on disk: the check then reads the index alone. */
  referencesRead?: boolean;
  closure: ReadonlyMap<string, number> | null;
  /** The load ended with all the server sent. */
  complete: boolean;
  target: ExportTarget;
  onOpen: (id: string) => void;
}) {
  const exports = useExport();
  const partial = !complete;

  return (
    <details className="result-panel">
      <summary>Closure integrity: {summaryOf(check)}</summary>
      <div className="panel-body">
        <p aria-live="polite">
          {check.state === 'done' ? closureFindings(check.report).join(' ') : null}
        </p>
        {check.state === 'waiting' && (
          <p className="hint">The check runs once the load has ended.</p>
        )}
        {check.state === 'failed' && <p className="error-text">{check.message}</p>}
        {check.state === 'done' && !referencesRead && (
          <p className="hint">
            References between objects were not read: this model&apos;s texts are on disk, and the
            check went through its index of ids only.
          </p>
        )}
        {check.state === 'done' && partial && (
          <p className="hint warning-text">
            The load stopped before the server finished: the check covers the{' '}
            {countOf(check.report.received, 'object', 'objects')} that arrived, so objects the
            server would still have sent count as missing.
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
  const { missing, danglingReferences, duplicates, unexpected, damaged } = report;
  const open = (id: string) => (
    <button type="button" className="link-button" onClick={() => onOpen(id)}>
      <code className="id">{id}</code>
    </button>
  );
  return (
    <>
      {damaged.length > 0 && (
        <section aria-label="Objects that are not valid JSON">
          <h3>Not valid JSON ({formatCount(damaged.length)})</h3>
          <p className="hint">
            Their text arrived cut short or garbled; the downloads keep it exactly as received.
          </p>
          <PagedList items={damaged} label="Objects that are not valid JSON" render={open} />
        </section>
      )}
      {missing.length > 0 && (
        <section aria-label="Missing objects">
          <h3>Missing objects ({formatCount(missing.length)})</h3>
          <p className="hint">Listed in the root’s __closure, not sent by the server.</p>
          <DownloadButton format={EXPORT_FORMATS.missingIds} onClick={onDownloadMissing} />
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
                {open(id)} {countOf(count, 'time', 'times')}
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

function summaryOf(check: ClosureCheck): string {
  switch (check.state) {
    case 'waiting':
      return 'waits for the load to end';
    case 'checking':
      return 'checking…';
    case 'failed':
      return 'failed';
    case 'done': {
      const { missing, danglingReferences, duplicates, unexpected, damaged } = check.report;
      const findings = [
        [damaged.length, 'not valid JSON', 'not valid JSON'],
        [missing.length, 'missing', 'missing'],
        [danglingReferences.length, 'dangling reference', 'dangling references'],
        [duplicates.length, 'repeated', 'repeated'],
        [unexpected.length, 'unexpected', 'unexpected'],
      ] as const;
      const found = findings.filter(([count]) => count > 0);
      return found.length === 0
        ? 'complete'
        : found.map(([count, one, other]) => countOf(count, one, other)).join(', ');
    }
  }
}
