import { memo } from 'react';
import type { VersionSummary } from './graphql/speckleGraphql';
import { VersionFacts } from './VersionFacts';
import { firstLine } from '../../speckle/links/versionText';

/** What a row's control asks for, named on the control (`data-action`) for the list to handle. */
export type VersionAction = 'single' | 'children' | 'previous' | 'copy-id';

/**
 * One version: what it says, its id, who sent it from where and when, its root's lookups and the ways to
 * compare it (with the version before, or chosen as one of two). Its buttons name their action and
 * row rather than take handlers of their own (the list handles their clicks), so that a row is
 * drawn again only when what it shows changes: "Load more" draws the new rows alone.
 */
export const VersionRow = memo(function VersionRow({
  version,
  index,
  chosen,
  canCompareWithPrevious,
  onChoose,
}: {
  version: VersionSummary;
  /** The row's place in the list, which its controls carry (`data-index`). */
  index: number;
  chosen: boolean;
  /** False for a version with no root, or none before it to compare with. */
  canCompareWithPrevious: boolean;
  /** The same function for every row and render. */
  onChoose: (versionId: string, chosen: boolean) => void;
}) {
  const root = version.referencedObject;
  const title = firstLine(version.message);
  // The names go on to name the row's version, so that each differs from the lookup form's and
  // from the other rows' (the visible words stay short).
  const ofVersion = `of version ${version.id}`;
  return (
    <li className="version-row" aria-label={`Version ${version.id}: ${title}`}>
      <strong>{title}</strong>
      <dl className="version-facts">
        <dt>Version id</dt>
        <dd>
          <code>{version.id}</code>{' '}
          <button
            type="button"
            data-action="copy-id"
            data-index={index}
            aria-label={`Copy version id ${version.id}`}
          >
            Copy
          </button>
        </dd>
        <VersionFacts version={version} />
        <dt>Root object</dt>
        <dd>
          {root ?? 'withheld by the server: this version is older than the plan’s history limit'}
        </dd>
      </dl>
      {root && (
        <div className="row">
          <button
            type="button"
            data-action="single"
            data-index={index}
            aria-label={`Get object ${ofVersion}`}
          >
            Get object
          </button>
          <button
            type="button"
            data-action="children"
            data-index={index}
            aria-label={`Get with children ${ofVersion}`}
          >
            Get with children
          </button>
          {canCompareWithPrevious && (
            <button
              type="button"
              data-action="previous"
              data-index={index}
              aria-label={`Compare with previous version ${ofVersion}`}
            >
              Compare with previous version
            </button>
          )}
          <label>
            <input
              type="checkbox"
              aria-label={`Choose to compare version ${version.id}`}
              checked={chosen}
              onChange={(event) => onChoose(version.id, event.target.checked)}
            />{' '}
            Choose to compare
          </label>
        </div>
      )}
    </li>
  );
});
