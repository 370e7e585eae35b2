import { formatCount } from '../../../speckle/counts';
import type { DepthCount } from '../../../speckle/typeSummary';

/**
 * Where the root's closure puts its descendants, and how many of them arrived. While the objects
 * received are still being counted, "Not received" would count every object not yet counted as
 * missing, so it says it is counting instead.
 */
export function DepthTable({
  depths,
  counting,
}: {
  depths: readonly DepthCount[];
  /** The counts lag behind the objects received. */
  counting: boolean;
}) {
  if (depths.length === 0) return <p className="hint">The root lists no descendants.</p>;
  return (
    // Focusable: a window too narrow for its columns scrolls it sideways, from the keyboard too.
    <table className="figures" tabIndex={0}>
      <caption>Descendants per depth, as the root’s __closure lists them</caption>
      <thead>
        <tr>
          <th scope="col">Depth</th>
          <th scope="col">Listed</th>
          <th scope="col">{counting ? 'Received so far' : 'Received'}</th>
          <th scope="col">Not received</th>
        </tr>
      </thead>
      <tbody>
        {depths.map(({ depth, count, received }) => (
          <tr key={depth}>
            <th scope="row">{depth}</th>
            <td>{formatCount(count)}</td>
            <td>{formatCount(received ?? 0)}</td>
            <td>{counting ? 'counting…' : formatCount(count - (received ?? 0))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
