import { useState, type ReactNode } from 'react';
import { formatCount } from '../speckle/counts';

const PAGE_SIZE = 100;

/**
 * A list that can be thousands long (8,873 missing ids), shown a page at a time: a page of plain
 * rows stays cheap to render and to read with a screen reader, and needs no scrolling container.
 */
export function PagedList<Item>({
  items,
  label,
  render,
}: {
  items: readonly Item[];
  /** Names the list and its page buttons. */
  label: string;
  render: (item: Item) => ReactNode;
}) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const first = current * PAGE_SIZE;
  const shown = items.slice(first, first + PAGE_SIZE);
  return (
    <div className="paged-list">
      <ul aria-label={label}>
        {shown.map((item, index) => (
          <li key={first + index}>{render(item)}</li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="row pager">
          <button
            type="button"
            aria-label={`Previous page of ${label}`}
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            Previous
          </button>
          <span>
            {formatCount(first + 1)}–{formatCount(first + shown.length)} of{' '}
            {formatCount(items.length)}
          </span>
          <button
            type="button"
            aria-label={`Next page of ${label}`}
            disabled={current === pages - 1}
            onClick={() => setPage(current + 1)}
          >
            Next
          </button>
        </div>
      )}
    </div>
  );
}
