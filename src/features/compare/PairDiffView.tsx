import { useId } from 'react';
import { Link } from 'react-router';
import type { ComparedPair } from './core/compareVersions';
import { chunksSummary, pairDiffCount, pathLabel } from './core/comparisonText';
import type { DiffOp } from './core/diffPair';
import { rawText } from './core/rawTree';
import { ShownText } from '../../shared/ShownText';
import { DottedName } from '../../shared/DottedName';
import { useResultInView } from '../../shared/useResultInView';
import { objectTitle } from '../../speckle/titles';
import type { ObjectSet } from '../../objects/set/objectSet';
import type { Side } from './compareContext';

const OP_NAMES: Record<DiffOp['op'], string> = {
  add: 'added',
  remove: 'removed',
  change: 'changed',
};

/** One matched pair, property by property, with both values exactly as received. */
export function PairDiffView({
  pair,
  sets,
  treeHref,
  onFollow,
}: {
  pair: ComparedPair;
  sets: Record<Side, ObjectSet>;
  treeHref: (side: Side, id: string) => string;
  /** Shows the difference of the pair whose first object is `fromId`. */
  onFollow: (fromId: string) => void;
}) {
  const { diff } = pair;
  const titleOf = (side: Side, id: string) => titleText(sets[side].raw(id)) ?? id;
  const countId = useId();
  // "Show differences" (in the list, or of an object below) hands the focus to the differences,
  // which a screen reader reads with their count; in one column they are far below the list.
  const ref = useResultInView<HTMLElement>(`${pair.from}/${pair.to}`);
  return (
    <section
      className="pair-diff"
      aria-label={`Differences of ${pair.to}`}
      aria-describedby={countId}
      tabIndex={-1}
      ref={ref}
    >
      <h3>
        {pair.speckleType ? <DottedName name={pair.speckleType} /> : 'Object'}{' '}
        {pair.applicationId && <code>{pair.applicationId}</code>}
      </h3>
      <p id={countId}>{pairDiffCount(diff)}</p>
      <p className="row">
        <Link to={treeHref('from', pair.from)}>Open the first ({pair.from}) in the tree</Link>
        <Link to={treeHref('to', pair.to)}>Open the second ({pair.to}) in the tree</Link>
      </p>
      {diff.ops.length > 0 && (
        // A narrow window stacks each change (app.css): the roles keep it a table all the same,
        // which a table drawn as blocks is not to every browser. Focusable, for a wide value
        // that scrolls it sideways.
        <table className="figures property-changes" role="table" tabIndex={0}>
          <caption>Property changes</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                Path
              </th>
              <th scope="col" role="columnheader">
                Change
              </th>
              <th scope="col" role="columnheader">
                First
              </th>
              <th scope="col" role="columnheader">
                Second
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {diff.ops.map((op) => (
              <tr key={pathLabel(op.path)} role="row">
                <th scope="row" role="rowheader">
                  <code>
                    <ShownText text={pathLabel(op.path)} />
                  </code>
                </th>
                <td role="cell">{OP_NAMES[op.op]}</td>
                <ValueCell label="First" text={op.op === 'add' ? null : rawText(op.from)} />
                <ValueCell label="Second" text={op.op === 'remove' ? null : rawText(op.to)} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {diff.chunks.length > 0 && (
        <ul aria-label="Chunked arrays">
          {diff.chunks.map((chunks) => (
            <li key={pathLabel(chunks.path)}>{chunksSummary(chunks)}</li>
          ))}
        </ul>
      )}
      {diff.below.length > 0 && (
        <ul aria-label="Changed below">
          {diff.below.map((below) => (
            <li key={pathLabel(below.path)}>
              <code>{pathLabel(below.path)}</code>: {titleOf('from', below.from)} →{' '}
              {titleOf('to', below.to)}{' '}
              <button type="button" onClick={() => onFollow(below.from)}>
                Show differences of {pathLabel(below.path)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function titleText(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  try {
    return objectTitle(JSON.parse(raw)).title;
  } catch {
    return null;
  }
}

/** A side of a change: its value as received, or nothing where that side has none. */
function ValueCell({ label, text }: { label: string; text: string | null }) {
  return (
    <td role="cell" data-label={label}>
      {text !== null && (
        <code>
          <ShownText text={text} />
        </code>
      )}
    </td>
  );
}
