import { useState } from 'react';
import type { ExportFormat, ExportTarget } from './formats';
import { saveExport } from './saveExport';
import { formatBytes } from '../../speckle/text';
import { errorText } from '../../lib/errorText';

export interface ActiveExport {
  label: string;
  bytes: number;
  /** The file's size when known before writing. */
  total: number | null;
  cancel: () => void;
}

/**
 * Runs one export at a time from a click, with progress, cancel and an outcome line. `save` must be
 * called synchronously in the click handler: the save dialog needs the click's user activation.
 */
export function useExport() {
  const [active, setActive] = useState<ActiveExport | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  function save<Input>(
    format: ExportFormat<Input>,
    /** Or a promise of it: a load's objects once their bytes are here (ObjectSet.wantBytes). */
    input: Input | PromiseLike<Input>,
    target: ExportTarget,
    total: number | null = null,
  ) {
    const controller = new AbortController();
    const cancel = () => controller.abort();
    setActive({ label: format.label, bytes: 0, total, cancel });
    setOutcome(null);
    saveExport(format, input, target, {
      signal: controller.signal,
      onProgress: (bytes) => setActive({ label: format.label, bytes, total, cancel }),
    })
      .then(
        (result) =>
          setOutcome(
            result.status === 'saved'
              ? `Saved ${formatBytes(result.bytes)}.`
              : 'The download was cancelled.',
          ),
        (error: unknown) => setOutcome(`The download failed: ${errorText(error)}`),
      )
      .finally(() => setActive(null));
  }

  return { save, active, outcome };
}
