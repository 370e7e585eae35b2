import { useState } from 'react';
import { formatCount } from '../../speckle/counts';
import type { TableGroup } from './core/tableRows';

const PAGE = 100;

/**
 * The rows grouped by one column's shown text: each group's count and, for each column with
 * numbers, their sum, least and greatest. A hundred groups at a time: grouping by an id gives
 * as many groups as rows.
 */
export function TableGroups({
  groupBy,
  columns,
  groups,
}: {
  groupBy: string;
  columns: readonly string[];
  groups: readonly TableGroup[];
}) {
  const [shownCount, setShownCount] = useState(PAGE);
  const numeric = columns
    .map((column, at) => ({ column, at }))
    .filter(({ at }) => groups.some((group) => group.numbers[at]));
  const shown = groups.slice(0, shownCount);
  return (
    <div className="table-groups">
      <table>
        <caption>
          {formatCount(groups.length)} {groups.length === 1 ? 'group' : 'groups'} by{' '}
          <code>{groupBy}</code>
        </caption>
        <thead>
          <tr>
            <th scope="col">{groupBy}</th>
            <th scope="col">Objects</th>
            {numeric.map(({ column }) => (
              <th key={column} scope="col">
                {column}: sum, least, greatest
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((group, index) => (
            <tr key={index}>
              <th scope="row">{group.value ?? <span className="hint">(no value)</span>}</th>
              <td>{formatCount(group.count)}</td>
              {numeric.map(({ column, at }) => {
                const numbers = group.numbers[at];
                return (
                  <td key={column}>
                    {numbers
                      ? `${numberText(numbers.sum)}; ${numberText(numbers.min)}; ${numberText(numbers.max)}`
                      : '–'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {groups.length > shownCount && (
        <button type="button" onClick={() => setShownCount(shownCount + PAGE)}>
          Show {formatCount(Math.min(PAGE, groups.length - shownCount))} more groups
        </button>
      )}
    </div>
  );
}

/** A sum of many decimals carries float noise (0.1 + 0.2): twelve significant digits hide it. */
function numberText(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(12)));
}
