import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ObjectSummary } from '../speckle/objectSet';
import type { ReadonlyList } from '../speckle/readonlyList';
import { formatBytes } from '../speckle/text';
import { shortTypeName } from '../speckle/types';

const ROW_HEIGHT = 28;

/**
 * Every received object, one row each, rendered only where visible: a model can hold 100,000.
 * Keyboard use follows the listbox pattern with aria-activedescendant.
 */
export function ObjectList({
  objects,
  count,
  selectedId,
  onOpen,
}: {
  objects: ReadonlyList<ObjectSummary>;
  /** How many of `objects` to show: the set grows while the list is on screen. */
  count: number;
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Without layout (tests, first paint) still render a screenful.
    initialRect: { width: 600, height: 400 },
  });

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(count - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const object = objects.at(active);
      if (object) onOpen(object.id);
    }
  }

  const activeObject = objects.at(Math.min(active, count - 1));
  return (
    <div
      ref={scrollRef}
      className="object-list"
      role="listbox"
      aria-label="Received objects"
      tabIndex={0}
      aria-activedescendant={activeObject ? optionId(activeObject.id) : undefined}
      onKeyDown={onKeyDown}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const object = objects.at(row.index);
          if (!object) return null;
          const type = shortTypeName(object.speckleType) || 'unknown type';
          return (
            <div
              key={object.id}
              id={optionId(object.id)}
              role="option"
              aria-selected={object.id === selectedId}
              aria-setsize={count}
              aria-posinset={row.index + 1}
              className={row.index === active ? 'option active' : 'option'}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${row.start}px)`,
              }}
              title={object.speckleType}
              onClick={() => {
                setActive(row.index);
                onOpen(object.id);
              }}
            >
              <span className="type">{type}</span> <code className="id">{object.id}</code>{' '}
              <span className="size">{formatBytes(object.bytes)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

function optionId(objectId: string): string {
  return `object-option-${objectId}`;
}
