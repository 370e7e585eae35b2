/**
 * "Check model": the model doctor for a loaded model or opened files. The check runs in a worker
 * (useModelCheck), the report lists each finding with what the viewer shows of it and every
 * object it concerns, each a link into the explorer, and travels as Markdown and JSON.
 */
import { useId } from 'react';
import { DownloadButton, ExportProgress, useExport, type ExportTarget } from '../exports';
import { PagedList } from '../../shared/PagedList';
import { countOf, formatCount } from '../../speckle/counts';
import type { Path } from '../../speckle/paths';
import type { ObjectSet } from '../../objects/set/objectSet';
import type { Finding } from './core/report';
import {
  healthyLines,
  summaryLine,
  type CheckedModel,
  type CheckedReport,
} from './core/reportText';
import { DOCTOR_EXPORT_FORMATS } from './doctorExports';
import { useModelCheck, type CheckState } from './useModelCheck';

export function ModelDoctor({
  set,
  subject,
  ready,
  target,
  onOpen,
  onShowInTable,
}: {
  set: ObjectSet;
  subject: CheckedModel;
  /** The load has ended: what arrived is all there will be. */
  ready: boolean;
  target: ExportTarget;
  /** Opens an object, selecting `path` in it when a finding names a place there. */
  onOpen: (id: string, path?: Path) => void;
  /** Shows a finding's objects in the property table. */
  onShowInTable?: (finding: Finding) => void;
}) {
  const { state, start, cancel } = useModelCheck(set, subject.rootId);
  const running = state.state === 'running';
  const headingId = useId();
  return (
    <section className="result-panel doctor" aria-labelledby={headingId}>
      <div className="row">
        <h2 id={headingId}>Model doctor</h2>
        <button type="button" disabled={!ready || running} onClick={start}>
          Check model
        </button>
        {running && (
          <button type="button" onClick={cancel}>
            Cancel check
          </button>
        )}
      </div>
      {!ready && <p className="hint">The check can run once the load has ended.</p>}
      <CheckStatus state={state} />
      {state.state === 'done' && (
        <DoctorReportView
          checked={{ subject, report: state.report, unread: state.unread }}
          target={target}
          onOpen={onOpen}
          onShowInTable={onShowInTable}
        />
      )}
    </section>
  );
}

/**
 * The check's counter moves with every batch and is not read out; the start and the end are,
 * as a load's are.
 */
function CheckStatus({ state }: { state: CheckState }) {
  if (state.state === 'failed') return <p className="error-text">{state.message}</p>;
  let told = '';
  if (state.state === 'running') told = 'Checking the model…';
  else if (state.state === 'cancelled') {
    told = `Check cancelled after ${formatCount(state.checked)} of ${countOf(state.total, 'object', 'objects')}.`;
  } else if (state.state === 'done') told = `Checked. ${summaryLine(state.report)}`;
  return (
    <>
      {state.state === 'running' && (
        <p aria-live="off">
          <progress max={state.total} value={state.checked} aria-label="Objects checked" />{' '}
          {formatCount(state.checked)} of {countOf(state.total, 'object', 'objects')} checked.
        </p>
      )}
      {/* Polite, and not a status role: the page's one status line is the load's. */}
      <p aria-live="polite">{told}</p>
    </>
  );
}

function DoctorReportView({
  checked,
  target,
  onOpen,
  onShowInTable,
}: {
  checked: CheckedReport;
  target: ExportTarget;
  /** Opens an object, selecting `path` in it when a finding names a place there. */
  onOpen: (id: string, path?: Path) => void;
  onShowInTable?: (finding: Finding) => void;
}) {
  const exports = useExport();
  const { report, unread } = checked;
  return (
    <div className="doctor-report">
      <div className="row toolbar">
        {Object.values(DOCTOR_EXPORT_FORMATS).map((format) => (
          <DownloadButton
            key={format.id}
            format={format}
            onClick={() => exports.save(format, checked, target)}
          />
        ))}
        <ExportProgress active={exports.active} outcome={exports.outcome} />
      </div>
      <section aria-label="Healthy">
        <h3>Healthy</h3>
        <ul>
          {healthyLines(report).map((line) => (
            <li key={line}>{line}</li>
          ))}
          {unread > 0 && (
            <li>{countOf(unread, 'object was', 'objects were')} too large to read and left out.</li>
          )}
        </ul>
      </section>
      {report.findings.map((finding) => (
        <FindingView
          key={finding.rule}
          finding={finding}
          onOpen={onOpen}
          onShowInTable={onShowInTable && (() => onShowInTable(finding))}
        />
      ))}
    </div>
  );
}

function FindingView({
  finding,
  onOpen,
  onShowInTable,
}: {
  finding: Finding;
  /** Opens an object, selecting `path` in it when a finding names a place there. */
  onOpen: (id: string, path?: Path) => void;
  onShowInTable?: () => void;
}) {
  const { title, count, explanation, items, rule } = finding;
  return (
    <section aria-label={title} className="doctor-finding">
      <h3>
        {title} ({formatCount(count)})
      </h3>
      <p className="hint">
        {explanation} <code>{rule}</code>
      </p>
      {onShowInTable && (
        <button
          type="button"
          onClick={onShowInTable}
          aria-label={`Show ${title} in property table`}
        >
          Show in property table
        </button>
      )}
      <PagedList
        items={items}
        label={title}
        render={({ id, note, path }) => (
          <>
            <button type="button" className="link-button" onClick={() => onOpen(id, path)}>
              <code className="id">{id}</code>
            </button>{' '}
            <span>{note}</span>
          </>
        )}
      />
    </section>
  );
}
