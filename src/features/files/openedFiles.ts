/**
 * Files opened in this page. They live in memory only: a File cannot be kept across a reload, so
 * the files route then asks for them again. A new opening cancels the reading of the one before.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OpenedFile } from '../../objects/files/fileLoad';
import { loadFileSet, type FileSetLoad } from '../../objects/files/loadFileSet';
import { FILES_PATH } from '../../routes/address';

export interface OpenedFiles {
  files: readonly OpenedFile[];
  load: FileSetLoad;
  /** Tells one opening from the next, for the result's key. */
  opening: number;
}

export function useOpenedFiles(): {
  opened: OpenedFiles | null;
  open: (files: OpenedFile[]) => void;
} {
  const [opened, setOpened] = useState<OpenedFiles | null>(null);
  const latest = useRef<OpenedFiles | null>(null);
  const navigate = useNavigate();
  const open = useCallback(
    (files: OpenedFile[]) => {
      const before = latest.current;
      before?.load.set.cancel();
      latest.current = { files, load: loadFileSet(files), opening: (before?.opening ?? 0) + 1 };
      setOpened(latest.current);
      void navigate(FILES_PATH);
    },
    [navigate],
  );
  return { opened, open };
}
