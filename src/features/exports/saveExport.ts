import { formatFileName, type ExportFormat, type ExportTarget } from './formats';
import { startSave, type SaveOutcome, type WriteOptions } from './saveFile';

/**
 * Saves one export format from a click: call it synchronously in the click handler (before any
 * await), since it may open the save dialog at once. The parts are taken when the input is ready,
 * so a load still arriving contributes what had arrived by then.
 */
export function saveExport<Input>(
  format: ExportFormat<Input>,
  input: Input | PromiseLike<Input>,
  target: ExportTarget,
  options?: WriteOptions,
): Promise<SaveOutcome> {
  const sink = startSave({
    fileName: formatFileName(format, target),
    mimeType: format.mimeType,
    description: format.description,
  });
  return Promise.resolve(input).then((ready) => sink.write(format.parts(ready), options));
}
