import { useRef, useState, type KeyboardEvent } from 'react';
import type { ObjectSummary } from '../../../objects/set/body';
import { formatBytes } from '../../../speckle/text';
import { shortTypeName } from '../../../speckle/types';
import { useFixedRowWindow } from './useFixedRowWindow';

const ROW_HEIGHT = 28;
const OVERSCAN = 10;

/**
 * Every received object, one row each, rendered only where visible: a model can hold 100,000.
 * Keyboard use follows the listbox pattern with aria-activedescendant.
 */
export function ObjectList({
  count,
  objectAt,
  selectedId,
  onOpen,
}: {
  /** How many objects the list holds: it grows while a load runs. */
  count: number;
  /** The object on row `index`, for the rows on screen only. */
  objectAt: (index: number) => ObjectSummary | undefined;
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  const [active, setActive] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useFixedRowWindow(scrollRef, { count, rowHeight: ROW_HEIGHT, overscan: OVERSCAN });
  // A filter can shrink the list below the row that was active: its last row is active then.
  const current = Math.max(0, Math.min(active, count - 1));

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(count - 1, index));
    setActive(next);
    rows.scrollToIndex(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const page = Math.max(1, Math.floor(rows.viewportHeight / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + page,
      PageUp: current - page,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const object = objectAt(current);
      if (object) onOpen(object.id);
    }
  }

  const activeObject = objectAt(current);
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
      <div style={{ height: rows.totalHeight, position: 'relative' }}>
        {indexesFrom(rows.start, rows.end).map((index) => {
          const object = objectAt(index);
          if (!object) return null;
          const type = shortTypeName(object.speckleType) || 'unknown type';
          return (
            <div
              key={object.id}
              id={optionId(object.id)}
              role="option"
              aria-selected={object.id === selectedId}
              aria-setsize={count}
              aria-posinset={index + 1}
              className={index === current ? 'option active' : 'option'}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${index * ROW_HEIGHT}px)`,
              }}
              title={object.speckleType}
              onClick={() => {
                setActive(index);
                onOpen(object.id);
              }}
            >
              <span className="type">{type}</span> <code className="id">{object.id}</code>{' '}
              <span className="size">{formatBytes(object.bytes)}</span>
              {object.damaged && <span className="warning-text"> not valid JSON</span>}
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

function indexesFrom(start: number, end: number): number[] {
  return Array.from({ length: end - start }, (_, offset) => start + offset);
}
