import { useEffect } from 'react';
import type { OpenedFile } from '../../objects/files/fileLoad';

/**
 * Files dropped anywhere on the page are opened. Without this the browser would open a dropped
 * file itself, leaving the app; text or links dragged within the page keep their usual behaviour.
 */
export function useFileDrop(onOpen: (files: OpenedFile[]) => void): void {
  useEffect(() => {
    const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      onOpen(files);
    };
    document.addEventListener('dragover', onDragOver);
    document.addEventListener('drop', onDrop);
    return () => {
      document.removeEventListener('dragover', onDragOver);
      document.removeEventListener('drop', onDrop);
    };
  }, [onOpen]);
}
