/** Opening the tree down to one node: what a search result or a restored view points at. */
import {
  defaultExpanded,
  entriesOf,
  entryStep,
  expandedValue,
  groupsOf,
  isContainer,
  isExpanded,
  isOpenable,
  rangeStep,
  type Entries,
  type TreeNodes,
  type TreeOptions,
} from './treeModel';

/**
 * What to toggle so that the node at `path` is visible (every container and range above it
 * open), and that node's number; null when the path is not in the tree as shown (a hidden
 * internal field, or a path of the plain object that the recomposed view replaced).
 */
export function revealPath(
  root: unknown,
  rootId: string,
  path: readonly (string | number)[],
  nodes: TreeNodes,
  options: TreeOptions,
): { toggled: Set<number>; target: number } | null {
  const toggled = new Set(options.toggled);
  const open = (node: number, byDefault: boolean) => {
    if (!isExpanded({ ...options, toggled }, node, byDefault)) {
      if (toggled.has(node)) toggled.delete(node);
      else toggled.add(node);
    }
  };
  let node = nodes.root;
  let value = root;
  let ancestors: readonly string[] = [rootId];
  for (const [index, segment] of path.entries()) {
    const entries = entriesOf(value, nodes, options.hideInternal);
    if (!entries) return null;
    const position = positionOf(entries, value, segment, nodes, options.hideInternal);
    if (position === -1) return null;
    let [from, to] = [0, entries.count];
    for (let groups = groupsOf(from, to); groups; groups = groupsOf(from, to)) {
      const start = from + Math.floor((position - from) / groups.bucket) * groups.bucket;
      [from, to] = [start, Math.min(start + groups.bucket, to)];
      node = nodes.child(node, rangeStep(from, to));
      open(node, false);
    }
    node = nodes.child(node, entryStep(segment));
    if (index === path.length - 1) break;
    const child = entries.value(position);
    open(node, isContainer(child) && defaultExpanded(options, child));
    const shown = expandedValue(nodes, node, child, ancestors, options.lookup);
    if (!isOpenable(shown.resolved)) return null;
    if (shown.resolved?.kind === 'object') ancestors = [...ancestors, shown.resolved.id];
    value = shown.value;
  }
  return { toggled, target: node };
}

function positionOf(
  entries: Entries,
  value: unknown,
  segment: string | number,
  nodes: TreeNodes,
  hideInternal: boolean,
): number {
  if (!entries.ofKeys) {
    return typeof segment === 'number' && segment >= 0 && segment < entries.count ? segment : -1;
  }
  return typeof segment === 'string'
    ? nodes.keysOf(value as object, hideInternal).indexOf(segment)
    : -1;
}
