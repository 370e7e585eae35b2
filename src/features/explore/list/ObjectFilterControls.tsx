import { useId, useRef } from 'react';
import { formatCount } from '../../../speckle/counts';
import { NO_TYPE_LABEL } from '../../../speckle/typeSummary';
import { shortTypeName, typeChain } from '../../../speckle/types';
import type { ObjectFilter, ObjectOrder } from './objectFilter';

const ORDERS: Record<ObjectOrder, string> = {
  received: 'As received',
  type: 'Type',
  id: 'Id',
  size: 'Size, largest first',
};

export function ObjectFilterControls({
  filter,
  onChange,
  shown,
  total,
}: {
  filter: ObjectFilter;
  onChange: (filter: ObjectFilter) => void;
  shown: number;
  total: number;
}) {
  const ids = { text: useId(), order: useId() };
  const textRef = useRef<HTMLInputElement>(null);
  return (
    <div className="row filter-row">
      <div className="field">
        <label htmlFor={ids.text}>Filter objects</label>
        <input
          id={ids.text}
          ref={textRef}
          type="search"
          placeholder="Type or id"
          value={filter.text}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.order}>Sort objects</label>
        <select
          id={ids.order}
          value={filter.order}
          onChange={(event) => onChange({ ...filter, order: event.target.value as ObjectOrder })}
        >
          {Object.entries(ORDERS).map(([order, label]) => (
            <option key={order} value={order}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {/* Set from "What's in it"; announced, as it changes the list away from the control used. */}
      <p className="type-filter" aria-live="polite">
        {filter.speckleType !== null && (
          <>
            <span title={typeChain(filter.speckleType).join(' › ')}>
              Only {shortTypeName(filter.speckleType) || NO_TYPE_LABEL}
            </span>{' '}
            <button
              type="button"
              onClick={() => {
                onChange({ ...filter, speckleType: null });
                // The button goes away with the filter: keep focus in the filter controls.
                textRef.current?.focus();
              }}
            >
              Clear type filter
            </button>
          </>
        )}
      </p>
      {shown !== total && (
        <p className="hint">
          Showing {formatCount(shown)} of {formatCount(total)}
        </p>
      )}
    </div>
  );
}
