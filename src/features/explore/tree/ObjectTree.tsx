import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { isReference } from '../../../speckle/references';
import { TreeRowContent, type ReferenceInfo } from './TreeRowContent';
import { isExpandable, parentIndex } from './treeModel';
import {
  measureRowAfterLayout,
  observeBoxAfterLayout,
  scrollAfterMount,
} from './virtualAfterLayout';
import type { ObjectTreeState } from './useObjectTree';
import type { TreeScrollMemory } from './viewMemory';

const ROW_HEIGHT = 22;
const PAGE = 10;

export interface TreeActions {
  /** The row's value is a reference: open the object it names. */
  follow: (id: string) => void;
  copyValue: () => void;
  copyPath: () => void;
  copyObject: () => void;
}

/**
 * One object's fields as a tree, rendered only where visible. Keyboard use follows the tree view
 * pattern with aria-activedescendant: the rows are flat in the DOM (virtualised), so each says
 * its level. Enter on a reference opens it; C copies the active value, P its path, O the whole
 * object's text.
 */
export function ObjectTree({
  tree,
  label,
  query,
  fullStrings,
  recomposed,
  describe,
  actions,
  scrollMemory,
}: {
  tree: ObjectTreeState;
  label: string;
  /** Where the box was scrolled to when this view was last left, and where it is now. */
  scrollMemory: TreeScrollMemory;
  query: string;
  fullStrings: boolean;
  recomposed: boolean;
  describe: (id: string) => ReferenceInfo;
  actions: TreeActions;
}) {
  const { rows, activeIndex } = tree;
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    measureElement: measureRowAfterLayout,
    observeElementRect: observeBoxAfterLayout,
    scrollToFn: scrollAfterMount,
    overscan: 12,
    initialRect: { width: 600, height: 400 },
    initialOffset: scrollMemory.scroll.top,
    // The rows' heights as they were measured: with estimates, the box could not scroll as far.
    initialMeasurementsCache: scrollMemory.scroll.rows,
  });

  // Back to a view left scrolled: the box is where it was before the browser first paints it.
  const [initialScrollTop] = useState(scrollMemory.scroll.top);
  useLayoutEffect(() => {
    if (initialScrollTop > 0 && scrollRef.current) scrollRef.current.scrollTop = initialScrollTop;
  }, [initialScrollTop]);

  useEffect(() => {
    // A box at the top shows the first row already, as it does when it mounts. Asking react-virtual
    // to scroll to it would read the page's layout inside the commit, a large part of a big
    // object's first render.
    const firstRowInView = activeIndex === 0 && (virtualizer.scrollOffset ?? 0) === 0;
    if (rows.length === 0 || firstRowInView) return;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, rows.length, virtualizer]);

  /** The id a reference row names, while it is shown as a reference (not resolved in place). */
  function referenceOf(index: number): string | null {
    const row = rows[index];
    if (!row || row.kind !== 'entry' || row.resolved || !isReference(row.value)) return null;
    return row.value.referencedId;
  }

  /**
   * The id of the object a row names: as a reference, or once resolved in place, so that an opened
   * reference reads as the object it opened to (`→ Mesh`), as its closed siblings do.
   */
  function namedObjectOf(index: number): string | null {
    const row = rows[index];
    if (row?.kind === 'entry' && row.resolved?.kind === 'object') return row.resolved.id;
    return referenceOf(index);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const row = rows[activeIndex];
    if (!row || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves: Record<string, () => void> = {
      ArrowDown: () => tree.setActive(activeIndex + 1),
      ArrowUp: () => tree.setActive(activeIndex - 1),
      Home: () => tree.setActive(0),
      End: () => tree.setActive(rows.length - 1),
      PageDown: () => tree.setActive(activeIndex + PAGE),
      PageUp: () => tree.setActive(activeIndex - PAGE),
      ArrowRight: () => {
        if (!isExpandable(row)) return;
        if (row.expanded) tree.setActive(activeIndex + 1);
        else tree.toggle(row.node);
      },
      ArrowLeft: () => {
        if (isExpandable(row) && row.expanded) tree.toggle(row.node);
        else tree.setActive(parentIndex(rows, activeIndex));
      },
      Enter: () => {
        // In the recomposed view a reference opens in place, like any other node.
        const target = recomposed ? null : referenceOf(activeIndex);
        if (target) actions.follow(target);
        else if (isExpandable(row)) tree.toggle(row.node);
      },
      c: actions.copyValue,
      p: actions.copyPath,
      o: actions.copyObject,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  const rowId = (index: number) => `${idPrefix}-row-${index}`;

  return (
    <div
      ref={scrollRef}
      className="tree"
      role="tree"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={rows.length > 0 ? rowId(activeIndex) : undefined}
      aria-keyshortcuts="Enter C P O"
      onKeyDown={onKeyDown}
      onScroll={(event) =>
        scrollMemory.saveScroll({
          top: event.currentTarget.scrollTop,
          rows: virtualizer.measurementsCache,
        })
      }
    >
      <div className="tree-rows" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const expandable = isExpandable(row);
          return (
            <div
              key={row.node}
              id={rowId(item.index)}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="treeitem"
              aria-level={row.depth + 1}
              aria-expanded={expandable ? row.expanded : undefined}
              aria-selected={item.index === activeIndex}
              className={item.index === activeIndex ? 'tree-row active' : 'tree-row'}
              style={{
                transform: `translateY(${item.start}px)`,
                paddingLeft: `${row.depth * 1.1}rem`,
              }}
              onClick={() => {
                tree.setActive(item.index);
                if (expandable) tree.toggle(row.node);
              }}
            >
              <TreeRowContent
                row={row}
                expandable={expandable}
                query={query}
                fullStrings={fullStrings}
                reference={referenceInfo(namedObjectOf(item.index), describe)}
                onFollow={recomposed ? null : actions.follow}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

function referenceInfo(
  id: string | null,
  describe: (id: string) => ReferenceInfo,
): (ReferenceInfo & { id: string }) | null {
  return id === null ? null : { id, ...describe(id) };
}
