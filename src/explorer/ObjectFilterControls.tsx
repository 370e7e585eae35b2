import { useId } from 'react';
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
  return (
    <div className="row filter-row">
      <div className="field">
        <label htmlFor={ids.text}>Filter objects</label>
        <input
          id={ids.text}
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
      {shown !== total && (
        <p className="hint">
          Showing {shown} of {total}
        </p>
      )}
    </div>
  );
}
