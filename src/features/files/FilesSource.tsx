import { useId } from 'react';
import type { OpenedFile } from '../../loader/fileLoad';
import { FORM_NAMES } from '../../loader/fileMessages';
import type { FilesRead } from '../../loader/loadFileSet';
import { countOf } from '../../speckle/counts';
import { rootRuleText, type RootChoice } from '../../speckle/rootChoice';
import { formatBytes } from '../../speckle/text';

/**
 * Where the shown objects come from when files were opened: each file's name and size (and, once
 * read, its form and objects), which object was taken as the root and why, with a way to pick
 * another, and every problem found, each naming its file and its line or byte.
 */
export function FilesSource({
  files,
  read,
  rereadProblems,
  root,
  saidElsewhere,
  shownId,
  onPickRoot,
}: {
  files: readonly OpenedFile[];
  /** Null while the files are read. */
  read: FilesRead | null;
  /** What the second read of the files found, once they were read (loader/fileRoot.ts). */
  rereadProblems: readonly string[];
  root: RootChoice | null;
  /** A problem the result's own alert already says (why the set is incomplete). */
  saidElsewhere: string | null;
  /** The object shown, when not the root: it can be made the root. */
  shownId: string | null;
  onPickRoot: (id: string) => void;
}) {
  const problems = [
    ...(read?.problems.filter((message) => message !== saidElsewhere) ?? []),
    ...rereadProblems,
  ];
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
