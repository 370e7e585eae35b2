import type { ChangeKind, Comparison } from './core/compareVersions';
import { formatCount } from '../../speckle/counts';
import { formatBytes } from '../../speckle/text';
import { KIND_NAMES } from './kindNames';
import { DottedName } from '../../shared/DottedName';

const KINDS = Object.keys(KIND_NAMES) as ChangeKind[];

/** Per speckle_type, how many objects of each kind of change, and their bytes. */
export function TypeChangesTable({ comparison }: { comparison: Comparison }) {
  if (comparison.byType.length === 0) return null;
  return (
    // Focusable: a window too narrow for its columns scrolls it sideways, from the keyboard too.
    <table className="figures" tabIndex={0}>
      <caption>Changes by type</caption>
      <thead>
        <tr>
          <th scope="col">Type</th>
          {KINDS.map((kind) => (
            <th key={kind} scope="col">
              {KIND_NAMES[kind]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {comparison.byType.map((row) => (
          <tr key={row.speckleType}>
            <th scope="row">
              {row.speckleType ? <DottedName name={row.speckleType} /> : '(no type)'}
            </th>
            {KINDS.map((kind) => (
              <td key={kind}>
                {formatCount(row.kinds[kind].count)}
                {row.kinds[kind].count > 0 && ` (${formatBytes(row.kinds[kind].bytes)})`}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
