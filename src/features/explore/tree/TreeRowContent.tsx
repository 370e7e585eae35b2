import type { MouseEvent } from 'react';
import { readMarker, type MarkerKind } from '../../../speckle/resolve';
import { DeferredJson, settled } from '../../../bytes/lazyObject';
import { ShownText } from '../../../shared/ShownText';
import { countOf } from '../../../speckle/counts';
import { formatBytes } from '../../../speckle/text';
import { displayKey } from '../../../speckle/titles';
import { shortTypeName, typeChain } from '../../../speckle/types';
import type { Resolved, TreeRow } from './treeModel';

/** Strings longer than this are cut in the tree unless the user asks for them whole. */
const STRING_PREVIEW_LENGTH = 2_000;

export interface ReferenceInfo {
  /** Short type and name of the object a reference names, or its id when it is not loaded. */
  title: string;
  /** The object is in the loaded set (or the single endpoint will be asked for it). */
  loaded: boolean;
  /** Not in the set yet, while the load that may bring it still runs. */
  arriving: boolean;
  /** Objects read from files: one they lack is missing, and no server is asked for it. */
  fromFiles?: boolean;
}

const MARKER_TEXT: Record<MarkerKind, string> = {
  missing: 'missing: did not arrive',
  cycle: 'cycle: refers back to an object above',
  depthLimit: 'not resolved: too deep',
};

export function TreeRowContent({
  row,
  expandable,
  query,
  fullStrings,
  reference,
  onFollow,
}: {
  row: TreeRow;
  expandable: boolean;
  query: string;
  fullStrings: boolean;
  reference: (ReferenceInfo & { id: string }) | null;
  /** Null where references open in place (the recomposed view). */
  onFollow: ((id: string) => void) | null;
}) {
  if (row.kind === 'range') {
    return (
      <>
        <Toggle expanded={row.expanded} />
        <span className="tree-key tree-range">
          [{row.ofKeys ? 'keys ' : ''}
          {row.from} … {row.to - 1}]
        </span>
      </>
    );
  }
  return (
    <>
      {expandable ? <Toggle expanded={row.expanded} /> : <span className="tree-toggle" />}
      <Label label={row.label} query={query} />
      <span className="tree-punctuation">: </span>
      {reference ? (
        <ReferenceSummary reference={reference} onFollow={onFollow} />
      ) : (
        <ValueSummary row={row} query={query} fullStrings={fullStrings} />
      )}
      {row.resolved && <ResolvedNote resolved={row.resolved} />}
    </>
  );
}

function Toggle({ expanded }: { expanded: boolean }) {
  return (
    <span className="tree-toggle" aria-hidden="true">
      {expanded ? '▾' : '▸'}
    </span>
  );
}

function Label({ label, query }: { label: string | number; query: string }) {
  if (typeof label === 'number') return <span className="tree-key tree-index">{label}</span>;
  const shown = displayKey(label);
  return (
    // The `@` that marks a detached property is hidden, as Speckle shows it; hover tells.
    <span className="tree-key" title={shown === label ? undefined : label}>
      <ShownText text={shown} query={query} />
    </span>
  );
}

function ReferenceSummary({
  reference,
  onFollow,
}: {
  reference: ReferenceInfo & { id: string };
  onFollow: ((id: string) => void) | null;
}) {
  const text = `→ ${reference.title}`;
  if (!onFollow) return <span className="tree-ref">{text}</span>;
  return (
    <span
      className="tree-ref tree-ref-link"
      title={`Open ${reference.id}${referenceHint(reference)}`}
      onClick={(event: MouseEvent) => {
        // The row's own click would toggle it open first.
        event.stopPropagation();
        onFollow(reference.id);
      }}
    >
      {text}
    </span>
  );
}

function ValueSummary({
  row,
  query,
  fullStrings,
}: {
  row: Extract<TreeRow, { kind: 'entry' }>;
  query: string;
  fullStrings: boolean;
}) {
  if (row.size === 'unparsed' && row.value instanceof DeferredJson) {
    const { opening, bytes } = row.value;
    return (
      <span className="tree-summary">
        {opening === '[' ? '[…]' : '{…}'} {formatBytes(bytes)}, read when opened
      </span>
    );
  }
  const value = settled(row.value);
  const marker = readMarker(value);
  if (marker) {
    return (
      <span className="tree-marker">
        {MARKER_TEXT[marker.kind]} <code>{marker.id}</code>
      </span>
    );
  }
  if (typeof value === 'string')
    return <StringValue text={value} query={query} full={fullStrings} />;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return (
      <span className={`tree-${value === null ? 'null' : typeof value}`}>
        {/* String(-0) is "0": the sign is part of what the server sent. */}
        <ShownText text={Object.is(value, -0) ? '-0' : String(value)} query={query} />
      </span>
    );
  }
  if (Array.isArray(value)) {
    return <span className="tree-summary">{`[${value.length}]`}</span>;
  }
  const record = value as Record<string, unknown>;
  const type = typeof record.speckle_type === 'string' ? record.speckle_type : null;
  const name = typeof record.name === 'string' ? record.name : null;
  return (
    <span className="tree-summary">
      {`{${typeof row.size === 'number' ? row.size : 0}}`}
      {type && (
        <span className="tree-type" title={typeChain(type).join(' → ')}>
          {' '}
          {shortTypeName(type)}
        </span>
      )}
      {name && <span className="tree-name"> {name}</span>}
    </span>
  );
}

function StringValue({ text, query, full }: { text: string; query: string; full: boolean }) {
  const cut = !full && text.length > STRING_PREVIEW_LENGTH;
  const shown = cut ? text.slice(0, STRING_PREVIEW_LENGTH) : text;
  return (
    <span className="tree-string">
      "<ShownText text={shown} query={query} />"
      {cut && (
        <span className="tree-cut">
          {' '}
          … ({countOf(text.length - STRING_PREVIEW_LENGTH, 'more character', 'more characters')})
        </span>
      )}
    </span>
  );
}

function ResolvedNote({ resolved }: { resolved: Resolved }) {
  switch (resolved.kind) {
    case 'object':
      return <span className="tree-note"> (resolved from a reference)</span>;
    case 'chunks':
      return (
        <span className="tree-note">
          {` joined from ${countOf(resolved.chunks, 'chunk', 'chunks')} into ${countOf(resolved.length, 'item', 'items')}`}
          {resolved.missing > 0 && `, ${resolved.missing} missing`}
        </span>
      );
    default:
      return (
        <span className="tree-marker">
          {' '}
          {MARKER_TEXT[resolved.kind]} <code>{resolved.id}</code>
        </span>
      );
  }
}

function referenceHint({ loaded, arriving, fromFiles }: ReferenceInfo): string {
  if (loaded) return '';
  if (fromFiles) return arriving ? ' (not read yet)' : ' (not in the opened files)';
  return arriving
    ? ' (not arrived yet: asks the server for it beside the load)'
    : ' (asks the server for it)';
}
