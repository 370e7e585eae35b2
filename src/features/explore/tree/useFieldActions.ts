/**
 * What the selected field of an object view can do: copy its value or path, save it, copy the whole
 * object. In the recomposed view the value is taken as the view shows it, references resolved.
 */
import { useState } from 'react';
import {
  EXPORT_FORMATS,
  jsonValueSpan,
  joinWithin,
  jsonValueParts,
  type useExport,
} from '../../exports';
import { runInSlices } from '../../../lib/slices';
import type { useClipboard } from '../../../shared/useClipboard';
import { pathOf } from '../../../speckle/paths';
import { recomposeSteps, recomposeValue } from '../../../speckle/recompose';
import { MAX_TEXT_BYTES, TEXT_LIMIT } from '../../../speckle/textLimit';
import { ReadLimitError, type ParsedObjects } from '../../../objects/set/objectLookup';
import type { ObjectSource } from './objectSource';
import { PATH_SYNTAXES, type PathSyntax } from './pathSyntaxes';
import type { TreeRow } from './treeModel';

interface FieldActionsInput {
  source: ObjectSource;
  activeRow: TreeRow | undefined;
  /** The loaded set's parsed objects while the recomposed view is shown; null otherwise. */
  recomposing: ParsedObjects | null;
  target: { host: string; projectId: string; objectId: string };
  clipboard: ReturnType<typeof useClipboard>;
  exports: ReturnType<typeof useExport>;
}

export function useFieldActions({
  source,
  activeRow: row,
  recomposing,
  target,
  clipboard,
  exports,
}: FieldActionsInput) {
  const [syntax, setSyntax] = useState<PathSyntax>('javascript');
  const activeRow = row?.kind === 'entry' ? row : null;
  const activePath = activeRow ? pathOf(activeRow.link) : null;
  const valueFormat = recomposing ? EXPORT_FORMATS.recomposedValue : EXPORT_FORMATS.value;

  function copyValue() {
    if (!activeRow || !activePath) return;
    if (typeof activeRow.value === 'string') return clipboard.copy('Value', activeRow.value);
    // Otherwise the received text of the value, exactly.
    const raw = recomposing ? null : source.read();
    const span = raw === null ? null : jsonValueSpan(raw, activePath);
    if (raw !== null && span) return clipboard.copy('Value', raw.slice(span.start, span.end));
    // A recomposed value can be a whole model: it is built and written up to the limit only.
    let value = activeRow.value;
    if (recomposing) {
      try {
        const lookup = recomposing.lookupWithin(MAX_TEXT_BYTES);
        value = recomposeValue(value, lookup, { ancestors: activeRow.ancestors }).value;
      } catch (error) {
        if (!(error instanceof ReadLimitError)) throw error;
        return refuseLargeValue();
      }
    }
    const text = joinWithin(jsonValueParts(value, 2), MAX_TEXT_BYTES);
    if (text !== null) return clipboard.copy('Value', text);
    refuseLargeValue();
  }

  function refuseLargeValue() {
    clipboard.refuse(
      `The value is over ${TEXT_LIMIT} as JSON, too large to copy. ` +
        `"${valueFormat.label}" saves it.`,
    );
  }

  function saveValue() {
    if (!activePath) return;
    const valueTarget = { ...target, detail: PATH_SYNTAXES.jsonPath.format(activePath) };
    if (recomposing && activeRow) {
      const { value, ancestors } = activeRow;
      const recompose = () => recomposeInSlices(value, recomposing.lookup, { ancestors });
      exports.save(EXPORT_FORMATS.recomposedValue, { recompose }, valueTarget);
    } else {
      exports.save(EXPORT_FORMATS.value, { raw: source.read(), path: activePath }, valueTarget);
    }
  }

  function copyPath() {
    if (!activePath) return;
    const { label, format } = PATH_SYNTAXES[syntax];
    clipboard.copy(`${label} path`, format(activePath));
  }

  function copyObject() {
    clipboard.copy('Object JSON', source.read());
  }

  return {
    hasField: activeRow !== null,
    syntax,
    setSyntax,
    valueFormat,
    copyValue,
    saveValue,
    copyPath,
    copyObject,
  };
}

/** The recomposed value for a download, built a slice at a time: a whole model takes seconds. */
export async function recomposeInSlices(
  ...args: Parameters<typeof recomposeSteps>
): Promise<unknown> {
  return (await runInSlices(recomposeSteps(...args))).value;
}
