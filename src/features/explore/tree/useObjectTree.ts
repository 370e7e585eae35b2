import { useMemo, useState } from 'react';
import type { Lookup } from '../../../speckle/resolve';
import type { Path } from '../../../speckle/paths';
import { flattenTree, TreeNodes, type TreeOptions, type TreeRow } from './treeModel';
import { revealPath } from './treeReveal';

interface Expansion {
  mode: TreeOptions['expandMode'];
  toggled: ReadonlySet<number>;
}

const NONE: Expansion = { mode: 'none', toggled: new Set() };

interface TreeState {
  value: unknown;
  lookup: Lookup | null;
  nodes: TreeNodes;
  expansion: Expansion;
  /** Node number of the active row; -1 before one is chosen. */
  active: number;
}

/** What a tree's state is without the value it shows: enough to show a new parse the same way. */
export type SavedTree = Pick<TreeState, 'nodes' | 'expansion' | 'active'>;

function freshState(value: unknown, lookup: Lookup | null): TreeState {
  return { value, lookup, nodes: new TreeNodes(), expansion: NONE, active: -1 };
}

/**
 * Which nodes of one object's tree are open and which row is active. Node numbers belong to one
 * TreeNodes, so switching between the plain and the recomposed view starts afresh (a path means
 * different things in each), but for Expand all.
 */
export function useObjectTree(
  value: unknown,
  rootId: string,
  { hideInternal, lookup }: { hideInternal: boolean; lookup: Lookup | null },
  /** Where the same object's tree was left (node numbers follow paths, not the parse). */
  restored: SavedTree | null = null,
) {
  const [state, setState] = useState(() =>
    restored ? { value, lookup, ...restored } : freshState(value, lookup),
  );
  let current = state;
  if (state.value !== value || state.lookup !== lookup) {
    // Adjusting state while rendering, as React advises for state derived from props. Expand all
    // (or Collapse all) holds in the new tree too: it names no node, so it means the same there.
    current = {
      ...freshState(value, lookup),
      expansion: { mode: state.expansion.mode, toggled: new Set() },
    };
    setState(current);
  }
  const { nodes } = current;
  const { expansion, active } = current;
  const options: TreeOptions = useMemo(
    () => ({ hideInternal, lookup, expandMode: expansion.mode, toggled: expansion.toggled }),
    [hideInternal, lookup, expansion],
  );
  const rows: TreeRow[] = useMemo(
    () => flattenTree(value, rootId, nodes, options),
    [value, rootId, nodes, options],
  );
  // Expand all leaves the big fields kept as text closed (treeModel's defaultExpanded): counted,
  // so that the page can say why they stayed closed.
  const closedUnread = useMemo(
    () =>
      expansion.mode === 'all'
        ? rows.filter((row) => row.kind === 'entry' && row.size === 'unparsed').length
        : 0,
    [rows, expansion.mode],
  );
  const activeIndex = Math.max(
    0,
    rows.findIndex((row) => row.node === active),
  );

  const saved: SavedTree = useMemo(
    () => ({ nodes, expansion, active }),
    [nodes, expansion, active],
  );

  function update(change: Partial<{ expansion: Expansion; active: number }>) {
    setState({ ...current, ...change });
  }

  return {
    rows,
    /** Fields that Expand all left closed because they are read only when opened. */
    closedUnread,
    saved,
    activeIndex,
    activeRow: rows[activeIndex] as TreeRow | undefined,
    setActive: (index: number) => {
      const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
      if (row) update({ active: row.node });
    },
    toggle: (node: number) => {
      const toggled = new Set(expansion.toggled);
      if (!toggled.delete(node)) toggled.add(node);
      update({ expansion: { mode: expansion.mode, toggled }, active: node });
    },
    expandAll: () => update({ expansion: { mode: 'all', toggled: new Set() } }),
    collapseAll: () => update({ expansion: NONE }),
    /** Opens what lies above `path` and makes its row active; false when it is not shown. */
    reveal: (path: Path): boolean => {
      const revealed = revealPath(value, rootId, path, nodes, options);
      if (!revealed) return false;
      update({
        expansion: { mode: expansion.mode, toggled: revealed.toggled },
        active: revealed.target,
      });
      return true;
    },
  };
}

export type ObjectTreeState = ReturnType<typeof useObjectTree>;
