import { useId } from 'react';
import type { ExportFormat } from './formats';

/**
 * A download control with a line below it saying what the file holds: formats such as the server's
 * lines and NDJSON read alike by name alone. The line is the button's description, not its name,
 * so the name stays the format's label (every one starts with "Download").
 */
export function DownloadButton({
  format,
  disabled = false,
  onClick,
}: {
  format: Pick<ExportFormat<unknown>, 'label' | 'summary'>;
  disabled?: boolean;
  onClick: () => void;
}) {
  const descriptionId = useId();
  return (
    <span className="download-choice">
      <button type="button" disabled={disabled} onClick={onClick} aria-describedby={descriptionId}>
        {format.label}
      </button>
      <span id={descriptionId} className="hint">
        {format.summary}
      </span>
    </span>
  );
}
