/**
 * The object tree as a flat list of visible rows, for a virtualised view: only expanded nodes are
 * walked, so a closure of 100,000 ids or an array of 1.9 million numbers costs nothing until it is
 * opened, and then only the rows of the range opened.
 *
 * As browser devtools do, containers with more than RANGE_SIZE entries show ranges
 * (`[0 … 99]`, `[100 … 199]` …, grouped again when there would be more than RANGE_SIZE of them).
 *
 * In the recomposed view a value is resolved when its node is expanded (`resolveValue`): a
 * reference becomes the object it names, a chunked array the chunks' data joined. Walks are
 * iterative and node keys are interned numbers, so a value nested 10,000 levels deep neither
 * overflows the stack nor builds 10,000 ever longer key strings.
 */
import { isReference } from '../../../speckle/references';
import { DEFAULT_MAX_DEPTH } from '../../../speckle/recompose';
import { resolveValue, type Lookup } from '../../../speckle/resolve';
import { extendPath, type PathLink } from '../../../speckle/paths';
import { DeferredJson, ownKeysOf, settled } from '../../../bytes/lazyObject';
import { isInternalKey } from '../../../speckle/titles';

const RANGE_SIZE = 100;

export interface TreeOptions {
  hideInternal: boolean;
  /** Set for the recomposed view: finds the parsed object with an id. */
  lookup: Lookup | null;
  /** `all` opens every node except ranges and resolved references; `none` opens nothing. */
  expandMode: 'all' | 'none';
  /** Nodes toggled by hand away from what `expandMode` says. */
  toggled: ReadonlySet<number>;
}

/** What a node's value became when it was expanded in the recomposed view. */
export type Resolved =
  | { kind: 'object'; id: string }
  | { kind: 'chunks'; chunks: number; missing: number; length: number }
  | { kind: 'missing' | 'cycle' | 'depthLimit'; id: string };

export interface EntryRow {
  kind: 'entry';
  node: number;
  depth: number;
  /** Object key or array index. */
  label: string | number;
  /** Where the value sits in the value shown (the recomposed one in the recomposed view). */
  link: PathLink;
  value: unknown;
  /** Entries below it; `unparsed` for a big container kept as text until opened; null for a leaf. */
  size: number | 'unparsed' | null;
  expanded: boolean;
  /** Set once the node was expanded in the recomposed view and its value was resolved. */
  resolved: Resolved | null;
  /** Ids of the detached objects from the root down to the value's container (recomposed view). */
  ancestors: readonly string[];
}

interface RangeRow {
  kind: 'range';
  node: number;
  depth: number;
  /** Positions among the container's entries, `to` exclusive. */
  from: number;
  to: number;
  /** A range of an object's keys rather than of an array's elements. */
  ofKeys: boolean;
  expanded: boolean;
}

export type TreeRow = EntryRow | RangeRow;

/** A container's entries, in order: keys of an object, indices of an array. */
export interface Entries {
  count: number;
  label: (position: number) => string | number;
  value: (position: number) => unknown;
  ofKeys: boolean;
}

/** State kept across flattenings: node numbers, and values resolved once. */
export class TreeNodes {
  private readonly children = new Map<number, Map<string, number>>();
  private next = 1;
  private readonly resolutions = new Map<number, { value: unknown; resolved: Resolved | null }>();
  private readonly keyLists = new WeakMap<
    object,
    { hideInternal: boolean; keys: readonly string[] }
  >();
  readonly root = 0;

  /** The number of the child of `parent` reached by `step`; the same step gives the same number. */
  child(parent: number, step: string): number {
    let steps = this.children.get(parent);
    if (!steps) this.children.set(parent, (steps = new Map()));
    let node = steps.get(step);
    if (node === undefined) steps.set(step, (node = this.next++));
    return node;
  }

  resolution(node: number, compute: () => { value: unknown; resolved: Resolved | null }) {
    let known = this.resolutions.get(node);
    if (!known) this.resolutions.set(node, (known = compute()));
    return known;
  }

  keysOf(record: object, hideInternal: boolean): readonly string[] {
    const known = this.keyLists.get(record);
    if (known && known.hideInternal === hideInternal) return known.keys;
    const all = ownKeysOf(record);
    const keys = hideInternal ? all.filter((key) => !isInternalKey(key)) : all;
    this.keyLists.set(record, { hideInternal, keys });
    return keys;
  }
}

export const entryStep = (label: string | number) =>
  typeof label === 'number' ? `i${label}` : `k${label}`;
export const rangeStep = (from: number, to: number) => `r${from}:${to}`;

export function entriesOf(
  container: unknown,
  nodes: TreeNodes,
  hideInternal: boolean,
): Entries | null {
  const value = settled(container);
  if (Array.isArray(value)) {
    const items = value as readonly unknown[];
    return { count: items.length, label: (i) => i, value: (i) => items[i], ofKeys: false };
  }
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const keys = nodes.keysOf(record, hideInternal);
  return {
    count: keys.length,
    label: (i) => keys[i] as string,
    value: (i) => record[keys[i] as string],
    ofKeys: true,
  };
}

/** The smallest power of RANGE_SIZE that leaves at most RANGE_SIZE ranges. */
function bucketSize(length: number): number {
  let bucket = RANGE_SIZE;
  while (length / bucket > RANGE_SIZE) bucket *= RANGE_SIZE;
  return bucket;
}

/** How positions [from, to) are shown: each entry, or ranges of `bucket`. */
export function groupsOf(from: number, to: number): { bucket: number } | null {
  return to - from <= RANGE_SIZE ? null : { bucket: bucketSize(to - from) };
}

/** The value a node shows its children from, resolved once in the recomposed view. */
export function expandedValue(
  nodes: TreeNodes,
  node: number,
  container: unknown,
  ancestors: readonly string[],
  lookup: Lookup | null,
): { value: unknown; resolved: Resolved | null } {
  const value = settled(container);
  if (!lookup || !(isReference(value) || Array.isArray(value))) return { value, resolved: null };
  return nodes.resolution(node, () => {
    if (isReference(value) && ancestors.length > DEFAULT_MAX_DEPTH) {
      return { value, resolved: { kind: 'depthLimit', id: value.referencedId } };
    }
    const result = resolveValue(value, lookup, new Set(ancestors));
    switch (result.kind) {
      case 'value':
        return { value, resolved: null };
      case 'object':
        return { value: result.value, resolved: { kind: 'object', id: result.id } };
      case 'missing':
      case 'cycle':
        return { value, resolved: { kind: result.kind, id: result.id } };
      case 'chunks':
        return {
          value: result.value,
          resolved: {
            kind: 'chunks',
            chunks: result.chunks,
            missing: result.missing.length,
            length: result.value.length,
          },
        };
    }
  });
}

/** Can this value be opened at all? References can, in the recomposed view, even when empty. */
export function isContainer(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}

export function defaultExpanded(options: TreeOptions, value: unknown): boolean {
  // Opening a reference in "expand all" would recompose the whole model, and opening a container
  // kept as text would parse megabytes nobody asked for.
  return (
    options.expandMode === 'all' && !(options.lookup && isReference(value)) && !isUnparsed(value)
  );
}

function isUnparsed(value: unknown): boolean {
  return value instanceof DeferredJson && !value.isParsed;
}

export function isExpanded(options: TreeOptions, node: number, byDefault: boolean): boolean {
  return options.toggled.has(node) ? !byDefault : byDefault;
}

interface Frame {
  /** Positions still to emit, in this container or range. */
  at: number;
  to: number;
  depth: number;
  /** The node that owns the positions: an entry, or a range inside it. */
  node: number;
  entries: Entries;
  link: PathLink | null;
  /** Ids of the detached objects from the root down to this container (recomposed view). */
  ancestors: readonly string[];
  bucket: number | null;
}

/**
 * The visible rows of `root` (the parsed object), top-level entries at depth 0. `rootId` starts
 * the chain of ancestors that guards the recomposed view against cycles.
 */
export function flattenTree(
  root: unknown,
  rootId: string,
  nodes: TreeNodes,
  options: TreeOptions,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const rootEntries = entriesOf(root, nodes, options.hideInternal);
  if (!rootEntries) return rows;
  const stack: Frame[] = [
    frameFor(nodes.root, rootEntries, 0, rootEntries.count, 0, null, [rootId]),
  ];

  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.at >= frame.to) {
      stack.pop();
      continue;
    }
    if (frame.bucket !== null) {
      const from = frame.at;
      const to = Math.min(from + frame.bucket, frame.to);
      frame.at = to;
      const node = nodes.child(frame.node, rangeStep(from, to));
      const expanded = isExpanded(options, node, false);
      rows.push({
        kind: 'range',
        node,
        depth: frame.depth,
        from,
        to,
        ofKeys: frame.entries.ofKeys,
        expanded,
      });
      if (expanded) {
        stack.push(
          frameFor(node, frame.entries, from, to, frame.depth + 1, frame.link, frame.ancestors),
        );
      }
      continue;
    }
    const position = frame.at;
    frame.at += 1;
    const label = frame.entries.label(position);
    const value = frame.entries.value(position);
    const node = nodes.child(frame.node, entryStep(label));
    const link = extendPath(frame.link, label);
    const container = isContainer(value);
    const expanded = container && isExpanded(options, node, defaultExpanded(options, value));
    const shown = expanded
      ? expandedValue(nodes, node, value, frame.ancestors, options.lookup)
      : { value, resolved: null };
    const unparsed = !expanded && isUnparsed(value);
    const children = unparsed ? null : entriesOf(shown.value, nodes, options.hideInternal);
    const opensChildren = expanded && children !== null && isOpenable(shown.resolved);
    rows.push({
      kind: 'entry',
      node,
      depth: frame.depth,
      label,
      link,
      value,
      size: unparsed ? 'unparsed' : container ? (children?.count ?? 0) : null,
      expanded,
      resolved: shown.resolved,
      ancestors: frame.ancestors,
    });
    if (opensChildren && children) {
      const ancestors =
        shown.resolved?.kind === 'object'
          ? [...frame.ancestors, shown.resolved.id]
          : frame.ancestors;
      stack.push(frameFor(node, children, 0, children.count, frame.depth + 1, link, ancestors));
    }
  }
  return rows;
}

export function isOpenable(resolved: Resolved | null): boolean {
  return resolved === null || resolved.kind === 'object' || resolved.kind === 'chunks';
}

function frameFor(
  node: number,
  entries: Entries,
  from: number,
  to: number,
  depth: number,
  link: PathLink | null,
  ancestors: readonly string[],
): Frame {
  return {
    at: from,
    to,
    depth,
    node,
    entries,
    link,
    ancestors,
    bucket: groupsOf(from, to)?.bucket ?? null,
  };
}

/** Does the row open? Empty containers and resolutions that found nothing do not. */
export function isExpandable(row: TreeRow): boolean {
  if (row.kind === 'range') return true;
  if (row.resolved && !isOpenable(row.resolved)) return false;
  if (row.size === 'unparsed') return true;
  return row.size !== null && (row.size > 0 || isReference(row.value));
}

/** The row that holds row `index`: the nearest row above it one level up (itself at the top). */
export function parentIndex(rows: readonly TreeRow[], index: number): number {
  const depth = rows[index]?.depth ?? 0;
  for (let at = index - 1; at >= 0; at -= 1) {
    if ((rows[at] as TreeRow).depth < depth) return at;
  }
  return index;
}
