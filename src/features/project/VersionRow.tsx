import type { VersionSummary } from '../../api/speckleGraphql';
import type { LookupMode } from '../../shared/objectRoute';
import { VersionFacts } from './VersionFacts';
import { firstLine } from './versionText';

/**
 * One version: what it says, who sent it from where and when, its root's lookups and the ways to
 * compare it (with the version before, or chosen as one of two).
 */
export function VersionRow({
  version,
  onOpen,
  chosen,
  onChoose,
  onCompareWithPrevious,
}: {
  version: VersionSummary;
  onOpen: (mode: LookupMode) => void;
  chosen: boolean;
  onChoose: (chosen: boolean) => void;
  /** Null for a version with no root, or none before it to compare with. */
  onCompareWithPrevious: (() => void) | null;
}) {
  const root = version.referencedObject;
  const title = firstLine(version.message);
  return (
    <li aria-label={`Version ${version.id}: ${title}`}>
      <strong>{title}</strong>
      <dl className="version-facts">
        <VersionFacts version={version} />
        <dt>Root object</dt>
        <dd>
          {root ?? 'withheld by the server: this version is older than the plan’s history limit'}
        </dd>
      </dl>
      {root && (
        <div className="row">
          <button type="button" onClick={() => onOpen('single')}>
            Get object
          </button>
          <button type="button" onClick={() => onOpen('children')}>
            Get with children
          </button>
          {onCompareWithPrevious && (
            <button type="button" onClick={onCompareWithPrevious}>
              Compare with previous version
            </button>
          )}
          <label>
            <input
              type="checkbox"
              aria-label={`Choose to compare version ${version.id}`}
              checked={chosen}
              onChange={(event) => onChoose(event.target.checked)}
            />{' '}
            Choose to compare
          </label>
        </div>
      )}
    </li>
  );
}
