import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useOutletContext } from 'react-router';
import { FilesSource } from './FilesSource';
import { SetExplorer } from '../explore';
import { closureFindings } from '../../speckle/integrity';
import { pickRoot } from '../../speckle/rootChoice';
import { FILES_PATH, shownObject } from '../../routes/address';
import { useAddress } from '../../routes/useAddress';
import { useDocumentTitle } from '../../shared/documentTitle';
import type { OpenedFiles } from './openedFiles';

/** Opened files in the explorer, as a server's with-children answer is shown. */
export function FilesResult() {
  const opened = useOutletContext<OpenedFiles | null>();
  if (!opened) {
    return (
      <p role="status">
        No files are open. Opened files are kept only while the page is open: open them again with
        Open file, or drop them on the page.
      </p>
    );
  }
  return <OpenedFilesResult key={opened.opening} opened={opened} />;
}

function OpenedFilesResult({ opened }: { opened: OpenedFiles }) {
  const { files, load } = opened;
  const { set } = load;
  const read = useSettled(load.read);
  const [picked, setPicked] = useState<string | null>(null);
  const navigate = useNavigate();
  const address = useAddress();
  const reread = useSettled(load.reread);
  const chosen = reread?.root ?? null;
  const root = chosen && picked !== null ? pickRoot(chosen, picked) : chosen;
  const first = files[0]!;
  const fileNames = useMemo(() => files.map((file) => file.name), [files]);
  // An object shown within the files is named by the address's title.
  useDocumentTitle(
    shownObject(address)
      ? null
      : `${files.length === 1 ? 'File' : 'Files'} ${fileNames.join(', ')}`,
  );
  const error = set.getProgress().error;
  return (
    <SetExplorer
      set={set}
      origin={{
        input: null,
        lookup: null,
        // Until the root is chosen (the files are read again for it), the first object stands for it.
        rootId: root?.id ?? null,
        host: 'file',
        projectId: first.name.replace(/(\.gz)?$/i, '').replace(/\.[^.]*$/, ''),
        speckleUrlOf: null,
        waitingNote: null,
        files: fileNames,
        countAgainstFirstClosure: false,
        // Files' bytes are not a server's body even in its line form: the last line of a file
        // may have no newline, and files of other forms are JSON, not lines.
        bodyIsLines: false,
        tools: (closureCheck) => (
          <FilesSource
            files={files}
            read={read}
            rereadProblems={reread?.problems ?? []}
            root={root}
            problemInAlert={read && error ? error.message : null}
            shownId={shownObject(address)}
            onPickRoot={(id) => {
              setPicked(id);
              // The new root is shown, with its trail starting again at it.
              void navigate(FILES_PATH);
            }}
            reportFacts={() => {
              const progress = set.getProgress();
              const report = closureCheck.state === 'done' ? closureCheck.report : null;
              return {
                outcome: progress.error ? progress.error.message : progress.status,
                // Expected: the chosen root's closure, as the check counted it.
                counts: {
                  received: progress.received,
                  expected: report?.expected ?? null,
                  duplicates: progress.duplicates,
                },
                integrity: report ? closureFindings(report) : undefined,
              };
            }}
          />
        ),
      }}
    />
  );
}

/** What `promise` resolves with, once it has; null until then. */
function useSettled<T>(promise: Promise<T>): T | null {
  const [value, setValue] = useState<{ of: Promise<T>; value: T } | null>(null);
  useEffect(() => {
    let current = true;
    void promise.then((result) => {
      if (current) setValue({ of: promise, value: result });
    });
    return () => {
      current = false;
    };
  }, [promise]);
  return value?.of === promise ? value.value : null;
}
