import { useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { Path } from '../../speckle/paths';
import type { FieldMatch, ObjectMatch } from '../../speckle/search';

export function optionId(listId: string, objectId: string, index: number): string {
  return `${listId}-${objectId}-${index}`;
}

interface ResultRow {
  object: ObjectMatch;
  match: FieldMatch;
  /** Its place among the object's matches. */
  index: number;
  optionId: string;
}

/**
 * The results listbox's keyboard and pointer behaviour (aria-activedescendant): one active option,
 * moved by arrows, Page Up/Down and Home/End, opened with Enter, Space or a click; Up from the first
 * option goes back to the search box.
 */
export function useResultsListbox({
  objects,
  queryId,
  listId,
  inputRef,
  onOpen,
}: {
  objects: readonly ObjectMatch[];
  /** Which search the results belong to: a new one starts again at its first result. */
  queryId: number;
  listId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onOpen: (id: string, path: Path) => void;
}) {
  const [active, setActive] = useState({ queryId: 0, index: 0 });
  const rows: ResultRow[] = objects.flatMap((object) =>
    object.matches.map((match, index) => ({
      object,
      match,
      index,
      optionId: optionId(listId, object.id, index),
    })),
  );
  const activeIndex = active.queryId === queryId ? Math.min(active.index, rows.length - 1) : 0;
  const activeRow = rows[activeIndex];

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive({ queryId, index: next });
    // jsdom has no scrollIntoView.
    const option = document.getElementById(rows[next]?.optionId ?? '');
    option?.scrollIntoView?.({ block: 'nearest' });
  }

  function onClick(event: MouseEvent<HTMLElement>) {
    const option = (event.target as HTMLElement).closest('[role="option"]');
    const index = rows.findIndex((row) => row.optionId === option?.id);
    const row = rows[index];
    if (!row) return;
    moveTo(index);
    onOpen(row.object.id, row.match.path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + 10,
      PageUp: activeIndex - 10,
      Home: 0,
      End: rows.length - 1,
    };
    const target = moves[event.key];
    if (event.key === 'ArrowUp' && activeIndex === 0) {
      event.preventDefault();
      inputRef.current?.focus();
    } else if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if ((event.key === 'Enter' || event.key === ' ') && activeRow) {
      event.preventDefault();
      onOpen(activeRow.object.id, activeRow.match.path);
    }
  }

  return { hasRows: rows.length > 0, activeRow, onClick, onKeyDown };
}
