import type { TypeTotals } from '../../../speckle/typeSummary';
import { formatCount } from '../../../speckle/counts';
import { formatBytes } from '../../../speckle/text';

const ROW = 30;
const LABEL_WIDTH = 190;
const BAR_WIDTH = 300;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 170;
const MAX_LABEL = 26;

/**
 * Objects (the thick bar) and bytes (the thin one) per type, each against the largest. Hidden from
 * assistive technology: the table beside it holds the same figures and the same actions, so a bar
 * is a mouse shortcut for the table's "Show only" button rather than a control of its own. Its
 * clicks are handled by the overview (`data-action`), as the table's are.
 */
export function TypeChart({ types }: { types: readonly TypeTotals[] }) {
  const maxCount = Math.max(1, ...types.map(({ count }) => count));
  const maxBytes = Math.max(1, ...types.map(({ bytes }) => bytes));
  return (
    <>
      <p className="type-chart-legend hint" aria-hidden="true">
        <span className="type-chart-swatch type-chart-count" /> objects{' '}
        <span className="type-chart-swatch type-chart-bytes" /> bytes, each bar against the largest
        type
      </p>
      <svg
        className="type-chart"
        aria-hidden="true"
        viewBox={`0 0 ${WIDTH} ${types.length * ROW}`}
        width={WIDTH}
        height={types.length * ROW}
      >
        {types.map((type, index) => (
          <g
            key={type.speckleType}
            className="type-chart-row"
            transform={`translate(0 ${index * ROW})`}
            data-action="show-type"
            data-value={type.speckleType}
          >
            <title>{type.chain.join(' › ') || type.label}</title>
            <rect className="type-chart-hit" x={0} y={0} width={WIDTH} height={ROW} />
            <text x={LABEL_WIDTH - 8} y={ROW / 2} textAnchor="end" dominantBaseline="middle">
              {type.label.length > MAX_LABEL
                ? `…${type.label.slice(-(MAX_LABEL - 1))}`
                : type.label}
            </text>
            <rect
              className="type-chart-count"
              x={LABEL_WIDTH}
              y={5}
              height={12}
              width={Math.max(1, (type.count / maxCount) * BAR_WIDTH)}
            />
            <rect
              className="type-chart-bytes"
              x={LABEL_WIDTH}
              y={19}
              height={5}
              width={Math.max(1, (type.bytes / maxBytes) * BAR_WIDTH)}
            />
            <text x={LABEL_WIDTH + BAR_WIDTH + 8} y={ROW / 2} dominantBaseline="middle">
              {formatCount(type.count)} · {formatBytes(type.bytes)}
            </text>
          </g>
        ))}
      </svg>
    </>
  );
}
