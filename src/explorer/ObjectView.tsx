import { memo, useMemo, useState } from 'react';
import { collapseAllNested, JsonView } from 'react-json-view-lite';
import { EXPORT_FORMATS } from '../export/formats';
import { shortTypeName, typeChain } from '../speckle/types';
import { isRangeKey, toDisplayValue } from './displayValue';
import { ExportProgress } from './ExportProgress';
import { treeStyles } from './treeStyles';
import { useExport } from './useExport';

type Expansion = 'top' | 'all' | 'none';

const EXPANSION: Record<Expansion, (level: number, value: unknown, field?: string) => boolean> = {
  top: collapseAllNested,
  // Ranges of a big array stay closed: opening 62,500 numbers at once would freeze the page.
  all: (_level, _value, field) => !isRangeKey(field),
  none: () => false,
};

/**
 * One object as an expandable tree, with its exact bytes one click away. Memoised: the page
 * re-renders several times a second while a download runs, and the tree need not.
 */
export const ObjectView = memo(function ObjectView({
  raw,
  objectId,
  projectId,
  host,
}: {
  raw: string;
  objectId: string;
  projectId: string;
  host: string;
}) {
  const parsed = useMemo(() => parseJson(raw), [raw]);
  const [fullStrings, setFullStrings] = useState(false);
  const exports = useExport();
  const shown: ParseResult = useMemo(
    // An object's display form is an object too.
    () =>
      parsed.ok
        ? { ok: true, value: toDisplayValue(parsed.value, { fullStrings }) as object }
        : parsed,
    [parsed, fullStrings],
  );
  const [expansion, setExpansion] = useState<{ mode: Expansion; generation: number }>({
    mode: 'top',
    generation: 0,
  });
  const speckleType = parsed.ok ? stringField(parsed.value, 'speckle_type') : undefined;
  const name = parsed.ok ? stringField(parsed.value, 'name') : undefined;

  function expand(mode: Expansion) {
    setExpansion(({ generation }) => ({ mode, generation: generation + 1 }));
  }

  return (
    <article className="object-view" aria-labelledby={`object-${objectId}`}>
      <header className="object-header">
        <h2 id={`object-${objectId}`}>
          <span title={speckleType ? typeChain(speckleType).join(' → ') : undefined}>
            {speckleType ? shortTypeName(speckleType) : 'Object'}
          </span>
          {name && <span className="object-name"> {name}</span>}
          <code className="object-id">{objectId}</code>
        </h2>
        <div className="row toolbar">
          <button type="button" onClick={() => expand('all')} disabled={!parsed.ok}>
            Expand all
          </button>
          <button type="button" onClick={() => expand('none')} disabled={!parsed.ok}>
            Collapse all
          </button>
          {([EXPORT_FORMATS.object, EXPORT_FORMATS.prettyObject] as const).map((format) => (
            <button
              key={format.id}
              type="button"
              onClick={() => exports.save(format, { raw }, { host, projectId, objectId })}
            >
              {format.label}
            </button>
          ))}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={fullStrings}
              onChange={(event) => setFullStrings(event.target.checked)}
            />
            Show long strings in full
          </label>
        </div>
      </header>
      <ExportProgress active={exports.active} outcome={exports.outcome} />
      {shown.ok ? (
        <div className="tree">
          <JsonView
            // A new generation remounts the tree so that every node takes the new expansion.
            key={expansion.generation}
            data={shown.value}
            shouldExpandNode={EXPANSION[expansion.mode]}
            style={treeStyles}
            aria-label={`Properties of ${objectId}`}
          />
        </div>
      ) : (
        <div role="alert" className="alert">
          <p>This object's text is not valid JSON ({shown.error}). Its exact text:</p>
          <pre className="raw">{raw}</pre>
        </div>
      )}
    </article>
  );
});

type ParseResult = { ok: true; value: object } | { ok: false; error: string };

function parseJson(raw: string): ParseResult {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null
      ? { ok: true, value }
      : { ok: false, error: 'not an object' };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function stringField(value: object, key: string): string | undefined {
  const field: unknown = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}
