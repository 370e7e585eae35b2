import { memo, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { EXPORT_FORMATS, ExportProgress, useExport } from '../../exports';
import { useClipboard } from '../../../shared/useClipboard';
import type { Path } from '../../../speckle/paths';
import { parsedObjects, type ObjectTexts } from '../../../objects/set/objectLookup';
import { ObjectHeader, type ViewSettings } from './ObjectHeader';
import { ObjectSearchBar } from './ObjectSearchBar';
import type { ObjectSource } from './objectSource';
import { ObjectTree } from './ObjectTree';
import { RevitParametersTable } from './RevitParametersTable';
import { SelectedFieldToolbar } from './SelectedFieldToolbar';
import { recomposeInSlices, useFieldActions } from './useFieldActions';
import { useObjectTree } from './useObjectTree';
import { useLoadSettled, type GrowingObjects } from './useLoadSettled';
import { useViewMemory } from './useViewMemory';

interface ObjectViewProps {
  source: ObjectSource;
  objectId: string;
  projectId: string;
  host: string;
  /** The loaded set, when there is one: references show their target and can be recomposed. */
  objects: (ObjectTexts & GrowingObjects) | null;
  /** Opens the object a reference names. */
  onFollow: (id: string) => void;
  /** A path to open and select once shown (a search result elsewhere pointed at it). */
  reveal?: Path | null;
  /** The object in Speckle's own web app, for servers that have one. */
  speckleUrl?: string | null;
  /** The objects were read from files: what they lack is missing, never asked of a server. */
  fromFiles?: boolean;
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
      {'tooLarge' in parsed ? (
        <p role="note" className="notice">
          {parsed.tooLarge}
        </p>
      ) : (
        <div role="alert" className="alert">
          <p>This object's text is not valid JSON ({parsed.error}). Its exact text:</p>
          <pre className="raw">{props.source.read()}</pre>
        </div>
      )}
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
  fromFiles = false,
}: ObjectViewProps & { value: object }) {
  const {
    memory,
    restored: { settings: restoredSettings, tree: restored },
  } = useViewMemory(objectId);
  const [settings, setSettings] = useState<ViewSettings>(restoredSettings);
  const { fullStrings, hideInternal, recomposed } = settings;
  const [query, setQuery] = useState('');
  const loaded = useMemo(() => (objects ? parsedObjects(objects) : null), [objects]);
  // A reference to an object that has not arrived yet may still arrive; once the load has ended,
  // the tree draws again to show what such references point to.
  const settled = useLoadSettled(objects);
  const tree = useObjectTree(
    value,
    objectId,
    { hideInternal, lookup: recomposed && loaded ? loaded.lookup : null },
    restored,
  );
  const { saved } = tree;
  useEffect(() => memory.save(settings, saved), [memory, settings, saved]);
  const exports = useExport();
  const clipboard = useClipboard();
  const target = { host, projectId, objectId };
  const headingId = `object-${objectId}`;
  const readWhole = useMemo(() => memoised(() => JSON.parse(source.read()) as unknown), [source]);
  const actions = useFieldActions({
    source,
    activeRow: tree.activeRow,
    // The recomposed view copies and saves what it shows: the value with its references resolved.
    recomposing: recomposed ? loaded : null,
    target,
    clipboard,
    exports,
  });

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

  return (
    <article className="object-view" aria-labelledby={headingId}>
      <ObjectHeader
        value={value}
        objectId={objectId}
        headingId={headingId}
        speckleUrl={speckleUrl ?? null}
        tree={tree}
        onSave={(format) => exports.save(format, { raw: source.read() }, target)}
        onSaveRecomposed={
          loaded &&
          (() => {
            const root = { referencedId: objectId };
            const recompose = () => recomposeInSlices(root, loaded.lookup);
            exports.save(EXPORT_FORMATS.recomposed, { recompose }, target);
          })
        }
        settings={settings}
        onSettings={setSettings}
      />
      <ExportProgress active={exports.active} outcome={exports.outcome} />
      <ObjectSearchBar
        // Search reads every field, so big fields kept as text are parsed for it (once).
        readValue={readWhole}
        query={query}
        onQuery={setQuery}
        hideInternal={hideInternal}
        onReveal={tree.reveal}
      />
      <SelectedFieldToolbar actions={actions} clipboardMessage={clipboard.message} />
      <ObjectTree
        tree={tree}
        label={`Properties of ${objectId}`}
        scrollMemory={memory}
        query={query}
        fullStrings={fullStrings}
        recomposed={recomposed}
        describe={(id) => {
          const known = loaded?.title(id) ?? null;
          if (known) return { title: known, loaded: true, arriving: false };
          const arriving = objects !== null && !settled;
          return { title: id, loaded: false, arriving, fromFiles };
        }}
        actions={{
          follow: onFollow,
          copyValue: actions.copyValue,
          copyPath: actions.copyPath,
          copyObject: actions.copyObject,
        }}
      />
      <RevitParametersTable object={value} />
    </article>
  );
}

function memoised<T>(compute: () => T): () => T {
  let result: { value: T } | null = null;
  return () => (result ??= { value: compute() }).value;
}
