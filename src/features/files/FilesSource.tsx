import { useId } from 'react';
import { filesReport, type FilesReportInput } from './filesReport';
import type { OpenedFile } from '../../objects/files/fileLoad';
import { FORM_NAMES } from '../../objects/files/fileMessages';
import type { FilesRead } from '../../objects/files/loadFileSet';
import { countOf } from '../../speckle/counts';
import { rootRuleText, type RootChoice } from '../../speckle/rootChoice';
import { formatBytes } from '../../speckle/text';
import { useClipboard } from '../../shared/useClipboard';

type ReportFacts = Pick<FilesReportInput, 'outcome' | 'counts' | 'integrity'>;

/**
 * Where the shown objects come from when files were opened: each file's name and size (and, once
 * read, its form and objects), which object was taken as the root and why, with a way to pick
 * another, and every problem found, each naming its file and its line, column and byte; and all of it in a
 * report to copy into a ticket.
 */
export function FilesSource({
  files,
  read,
  rereadProblems,
  root,
  problemInAlert,
  shownId,
  onPickRoot,
  reportFacts,
}: {
  files: readonly OpenedFile[];
  /** Null while the files are read. */
  read: FilesRead | null;
  /** What the second read of the files found, once they were read (objects/files/fileRoot.ts). */
  rereadProblems: readonly string[];
  root: RootChoice | null;
  /** A problem the result's own alert already says (why the set is incomplete). */
  problemInAlert: string | null;
  /** The object shown, when not the root: it can be made the root. */
  shownId: string | null;
  onPickRoot: (id: string) => void;
  /** Read when the report is copied: the load's figures and the closure check's findings. */
  reportFacts: () => ReportFacts;
}) {
  const clipboard = useClipboard();
  const problems = [
    ...(read?.problems.filter((message) => message !== problemInAlert) ?? []),
    ...rereadProblems,
  ];
  const copyReport = () =>
    clipboard.copy(
      'Report',
      filesReport({
        ...reportFacts(),
        files: files.map((file, index) => fileLine(file, read?.files[index])),
        root: root && { id: root.id, rule: rootRuleText(root) },
        // The one said in the result's alert is the report's result.
        problems,
        createdAt: new Date(),
        userAgent: navigator.userAgent,
      }),
    );
  return (
    <section className="files-source" aria-label="Opened files">
      <ul className="files-list">
        {files.map((file, index) => (
          <li key={index}>{fileLine(file, read?.files[index])}</li>
        ))}
      </ul>
      {problems.length > 0 && (
        <div role="alert" className="alert">
          <ul>
            {problems.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      {root && <RootPicker root={root} shownId={shownId} onPick={onPickRoot} />}
      <div className="row ticket-tools">
        <button type="button" onClick={copyReport}>
          Copy report
        </button>
        <span aria-live="polite" className="hint">
          {clipboard.message}
        </span>
      </div>
    </section>
  );
}

function fileLine(file: OpenedFile, read: FilesRead['files'][number] | undefined): string {
  const size = formatBytes(file.size);
  if (!read) return `${file.name}, ${size}`;
  const form = read.form ? FORM_NAMES[read.form] : 'not read';
  const gzip = read.gzip ? `gzip, ${formatBytes(read.bytes)} unpacked, ` : '';
  return `${file.name}, ${size} (${gzip}${form}): ${countOf(read.objects, 'object', 'objects')}`;
}

function RootPicker({
  root,
  shownId,
  onPick,
}: {
  root: RootChoice;
  shownId: string | null;
  onPick: (id: string) => void;
}) {
  const labelId = useId();
  // The likely roots: the objects nothing refers to, and the one shown whatever it is.
  const choices = root.unreferenced.includes(root.id)
    ? root.unreferenced
    : [root.id, ...root.unreferenced];
  return (
    <div className="row root-choice">
      <p id={labelId}>
        The root shown is {root.id}: {rootRuleText(root)}.
      </p>
      {choices.length > 1 && (
        <label>
          Root object
          <select
            value={root.id}
            aria-describedby={labelId}
            onChange={(event) => onPick(event.currentTarget.value)}
          >
            {choices.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
      )}
      {shownId !== null && shownId !== root.id && (
        <button type="button" onClick={() => onPick(shownId)}>
          Make the shown object the root
        </button>
      )}
    </div>
  );
}
