import type { TypeTotals } from '../../../speckle/typeSummary';
import { formatCount } from '../../../speckle/counts';
import { formatBytes } from '../../../speckle/text';
import { DottedName } from '../../../shared/DottedName';

/** A bar's share of the largest, as a width; a bar is never drawn narrower than a sliver. */
function share(value: number, largest: number): string {
  return `${Math.max(0.5, (value / largest) * 100)}%`;
}

/**
 * Objects (the thick bar) and bytes (the thin one) per type, each against the largest. Hidden from
 * assistive technology: the table beside it holds the same figures and the same actions, so a bar
 * is a mouse shortcut for the table's "Show only" button rather than a control of its own. Its
 * clicks are handled by the overview (`data-action`), as the table's are. Drawn as boxes rather
 * than as an SVG scaled to the window, whose labels a narrow window shrank below legibility: the
 * labels keep the page's text size at every width, and wrap when the column is narrow.
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
      <div className="type-chart" aria-hidden="true">
        {types.map((type) => (
          <div
            key={type.speckleType}
            className="type-chart-row"
            data-action="show-type"
            data-value={type.speckleType}
            title={type.chain.join(' › ') || type.label}
          >
            <span className="type-chart-label">
              <DottedName name={type.label} />
            </span>
            <span className="type-chart-bars">
              <span className="type-chart-count" style={{ width: share(type.count, maxCount) }} />
              <span className="type-chart-bytes" style={{ width: share(type.bytes, maxBytes) }} />
            </span>
            <span className="type-chart-figures">
              {formatCount(type.count)} · {formatBytes(type.bytes)}
            </span>
          </div>
        ))}
      </div>
    </>
  );
}
