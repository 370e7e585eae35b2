import { useId } from 'react';
import type { OpenedFile } from '../../objects/files/fileLoad';
import {
  MAX_IN_FILES_BYTES,
  MAX_OPEN_BYTES,
  MAX_OPEN_OBJECTS,
} from '../../objects/files/fileMessages';
import { formatCount } from '../../speckle/counts';
import { formatBytes } from '../../speckle/text';

/**
 * Opens Speckle data saved as files: the explorer's own exports, a server's answer saved with curl,
 * a JSON dump, gzip-compressed or not. The files are read in this page; nothing leaves it.
 */
export function OpenFileControl({ onOpen }: { onOpen: (files: OpenedFile[]) => void }) {
  const hintId = useId();
  return (
    <section className="open-file" aria-label="Files">
      <label className="open-file-label">
        Open file
        <input
          type="file"
          multiple
          aria-describedby={hintId}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            // Emptied, so that opening the same file again reads it again.
            event.currentTarget.value = '';
            if (files.length > 0) onOpen(files);
          }}
        />
      </label>
      <p className="hint" id={hintId}>
        Speckle objects as JSON, JSON lines or the server's id-and-JSON lines, gzip too; several at
        once, or dropped anywhere on the page. They are read here and sent nowhere. Up to{' '}
        {formatBytes(MAX_IN_FILES_BYTES)} and {formatCount(MAX_OPEN_OBJECTS)} objects in all, or{' '}
        {formatBytes(MAX_OPEN_BYTES)} unpacked when any is gzip (its bytes are then kept in memory).
      </p>
    </section>
  );
}
