import { memo, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { EXPORT_FORMATS } from '../../export/formats';
import { jsonValueSpan } from '../../export/jsonPath';
import { joinWithin } from '../../export/parts';
import { jsonValueParts } from '../../export/valueParts';
import { DownloadButton } from '../../shared/DownloadButton';
import { countOf, pluralOf } from '../../speckle/counts';
import { DEFERRED_FIELD_SIZE } from '../../bytes/lazyObject';
import { parsedObjects, ReadLimitError, type ObjectTexts } from '../../store/objectLookup';
import { pathOf, type Path } from '../../speckle/paths';
import { recomposeSteps, recomposeValue } from '../../speckle/recompose';
import { MAX_TEXT_BYTES, TEXT_LIMIT } from '../../speckle/textLimit';
import { objectTitle } from '../../speckle/titles';
import { shortTypeName, typeChain } from '../../speckle/types';
import { ExportProgress } from '../../shared/ExportProgress';
import { ObjectSearchBar } from './ObjectSearchBar';
import type { ObjectSource } from './objectSource';
import { ObjectTree } from './ObjectTree';
import { PATH_SYNTAXES, type PathSyntax } from './pathSyntaxes';
import { RevitParametersTable } from './RevitParametersTable';
import { runInSlices } from '../../scheduling/slices';
import { useClipboard } from '../../shared/useClipboard';
import { useExport } from '../../shared/useExport';
import { useObjectTree } from './useObjectTree';
import { useViewMemory } from './useViewMemory';

export interface ObjectViewProps {
  source: ObjectSource;
  objectId: string;
  projectId: string;
  host: string;
  /** The loaded set, when there is one: references show their target and can be recomposed. */
  objects: ObjectTexts | null;
  /**
   * Whether objects are still arriving in `objects`. Not read: the view is memoised and draws
   * again when this changes, so that references to objects that arrived during a load show what
   * they point to once it has ended, without the tree drawing on every arrival.
   */
  objectsLoading?: boolean;
  /** Opens the object a reference names. */
  onFollow: (id: string) => void;
  /** A path to open and select once shown (a search result elsewhere pointed at it). */
  reveal?: Path | null;
  /** The object in Speckle's own web app, for servers that have one. */
  speckleUrl?: string | null;
}

/**
 * One object as an expandable tree, with its exact bytes one click away. Memoised: the page
 * re-renders several times a second while a load or a download runs, and the tree need not.
 */
export const ObjectView = memo(function ObjectView(props: ObjectViewProps) {
  const { parsed } = props.source;
  if (parsed.ok) return <ParsedObjectView {...props} value={parsed.value} />;
  return (
    <article className="object-view" aria-label={`Object ${props.objectId}`}>
      <div role="alert" className="alert">
        {'tooLarge' in parsed ? (
          <p>{parsed.tooLarge}</p>
        ) : (
          <>
            <p>This object's text is not valid JSON ({parsed.error}). Its exact text:</p>
            <pre className="raw">{props.source.read()}</pre>
          </>
        )}
      </div>
    </article>
  );
});

function ParsedObjectView({
  source,
  value,
  objectId,
  projectId,
  host,
  objects,
  onFollow,
  reveal,
  speckleUrl,
}: ObjectViewProps & { value: object }) {
  const {
    memory,
    restored: { settings, tree: restored },
  } = useViewMemory(objectId);
  const [fullStrings, setFullStrings] = useState(settings.fullStrings);
  const [hideInternal, setHideInternal] = useState(settings.hideInternal);
  const [recomposed, setRecomposed] = useState(settings.recomposed);
  const [query, setQuery] = useState('');
  const [syntax, setSyntax] = useState<PathSyntax>('javascript');
  const loaded = useMemo(() => (objects ? parsedObjects(objects) : null), [objects]);
  const tree = useObjectTree(
    value,
    objectId,
    { hideInternal, lookup: recomposed && loaded ? loaded.lookup : null },
    restored,
  );
  const { saved } = tree;
  useEffect(
    () => memory.save({ fullStrings, hideInternal, recomposed }, saved),
    [memory, fullStrings, hideInternal, recomposed, saved],
  );
  const exports = useExport();
  const clipboard = useClipboard();
  const target = { host, projectId, objectId };
  const title = objectTitle(value);
  const speckleType = (value as { speckle_type?: unknown }).speckle_type;
  const headingId = `object-${objectId}`;
  const readWhole = useMemo(() => memoised(() => JSON.parse(source.read()) as unknown), [source]);

  // A view restored as it was left keeps its row: the path was revealed when it was first shown.
  const restoring = useRef(restored !== null);
  // Only a new target moves the selection; the tree's own changes must not.
  const revealTarget = useEffectEvent((path: Path | null) => {
    if (restoring.current) restoring.current = false;
    else if (path) tree.reveal(path);
  });
  useEffect(() => {
    revealTarget(reveal ?? null);
  }, [reveal]);

  const activeRow = tree.activeRow?.kind === 'entry' ? tree.activeRow : null;
  const activePath = activeRow ? pathOf(activeRow.link) : null;
  // The recomposed view copies and saves what it shows: the value with its references resolved.
  const recomposing = recomposed ? loaded : null;
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

  return (
    <article className="object-view" aria-labelledby={headingId}>
      <header className="object-header">
        <h2 id={headingId}>
          <span
            title={typeof speckleType === 'string' ? typeChain(speckleType).join(' → ') : undefined}
          >
            {title.title}
          </span>
          {/* Geometry's subheader is its id, which the heading shows anyway. */}
          {title.subtitle && title.subtitle !== objectId && (
            <span className="object-name"> {title.subtitle}</span>
          )}{' '}
          <code className="object-id">{objectId}</code>
        </h2>
        {typeof speckleType === 'string' &&
          ![title.title, title.subtitle].includes(shortTypeName(speckleType)) && (
            <p className="hint">{shortTypeName(speckleType)}</p>
          )}
        {speckleUrl && (
          <a href={speckleUrl} target="_blank" rel="noreferrer noopener">
            Open in Speckle
          </a>
        )}
        <div className="row toolbar">
          <button type="button" onClick={tree.expandAll}>
            Expand all
          </button>
          <button type="button" onClick={tree.collapseAll}>
            Collapse all
          </button>
          <ClosedUnreadNote count={tree.closedUnread} />
          {([EXPORT_FORMATS.object, EXPORT_FORMATS.prettyObject] as const).map((format) => (
            <DownloadButton
              key={format.id}
              format={format}
              onClick={() => exports.save(format, { raw: source.read() }, target)}
            />
          ))}
          {loaded && (
            <DownloadButton
              format={EXPORT_FORMATS.recomposed}
              onClick={() =>
                exports.save(
                  EXPORT_FORMATS.recomposed,
                  { recompose: () => recomposeInSlices({ referencedId: objectId }, loaded.lookup) },
                  target,
                )
              }
            />
          )}
        </div>
        <div className="row toolbar">
          <Checkbox
            label="Show long strings in full"
            checked={fullStrings}
            onChange={setFullStrings}
          />
          <Checkbox
            label="Hide internal fields"
            checked={hideInternal}
            onChange={setHideInternal}
          />
          {loaded && (
            <Checkbox label="Recomposed view" checked={recomposed} onChange={setRecomposed} />
          )}
        </div>
      </header>
      <ExportProgress active={exports.active} outcome={exports.outcome} />
      <ObjectSearchBar
        // Search reads every field, so big fields kept as text are parsed for it (once).
        readValue={readWhole}
        query={query}
        onQuery={setQuery}
        hideInternal={hideInternal}
        onReveal={tree.reveal}
      />
      <div className="row toolbar" role="group" aria-label="Selected field">
        <button type="button" disabled={!activeRow} onClick={copyValue} aria-keyshortcuts="C">
          Copy value
        </button>
        <button type="button" disabled={!activeRow} onClick={copyPath} aria-keyshortcuts="P">
          Copy path
        </button>
        <label className="inline-field">
          Path syntax{' '}
          <select value={syntax} onChange={(event) => setSyntax(event.target.value as PathSyntax)}>
            {Object.entries(PATH_SYNTAXES).map(([id, { label }]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={copyObject} aria-keyshortcuts="O">
          Copy object JSON
        </button>
        <DownloadButton format={valueFormat} disabled={!activePath} onClick={saveValue} />
        <span aria-live="polite" className="hint">
          {clipboard.message}
        </span>
      </div>
      <ObjectTree
        tree={tree}
        label={`Properties of ${objectId}`}
        scrollMemory={memory}
        query={query}
        fullStrings={fullStrings}
        recomposed={recomposed}
        describe={(id) => {
          const known = loaded?.title(id) ?? null;
          return known ? { title: known, loaded: true } : { title: id, loaded: false };
        }}
        actions={{ follow: onFollow, copyValue, copyPath, copyObject }}
      />
      <RevitParametersTable object={value} />
    </article>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

function memoised<T>(compute: () => T): () => T {
  let result: { value: T } | null = null;
  return () => (result ??= { value: compute() }).value;
}

/** The recomposed value for a download, built a slice at a time: a whole model takes seconds. */
async function recomposeInSlices(...args: Parameters<typeof recomposeSteps>): Promise<unknown> {
  return (await runInSlices(recomposeSteps(...args))).value;
}

/** Why Expand all left some fields closed: parsing megabytes nobody asked for would hold the page. */
function ClosedUnreadNote({ count }: { count: number }) {
  return (
    <span className="hint" aria-live="polite">
      {count > 0 &&
        `Expand all left ${countOf(count, 'field', 'fields')} over ${DEFERRED_FIELD_SIZE} closed: ` +
          `${pluralOf(count, 'it is', 'they are')} read only when opened one by one.`}
    </span>
  );
}
