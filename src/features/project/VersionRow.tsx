import type { VersionSummary } from '../../api/speckleGraphql';
import type { LookupMode } from '../../shared/objectRoute';
import { VersionFacts } from './VersionFacts';
import { firstLine } from './versionText';

/** One version: what it says, who sent it from where and when, and its root's lookups. */
export function VersionRow({
  version,
  onOpen,
}: {
  version: VersionSummary;
  onOpen: (mode: LookupMode) => void;
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
        </div>
      )}
    </li>
  );
}
