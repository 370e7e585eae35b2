import { useNavigate } from 'react-router';
import type { VersionSummary } from '../../api/speckleGraphql';
import { objectRoutePath, type LookupMode } from '../../shared/objectRoute';
import { versionLookupState } from './versionOrigin';
import { VersionFacts } from './VersionFacts';
import { firstLine } from './versionText';

/** One version: what it says, who sent it from where and when, and its root's lookups. */
export function VersionRow({
  version,
  origin,
  server,
}: {
  version: VersionSummary;
  origin: { projectId: string; modelId: string; modelName: string };
  server: string | null;
}) {
  const navigate = useNavigate();
  const root = version.referencedObject;
  const title = firstLine(version.message);
  const open = (mode: LookupMode) => {
    if (!root) return;
    void navigate(objectRoutePath({ projectId: origin.projectId, objectId: root, mode, server }), {
      state: versionLookupState({ ...origin, versionId: version.id }),
    });
  };
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
          <button type="button" onClick={() => open('single')}>
            Get object
          </button>
          <button type="button" onClick={() => open('children')}>
            Get with children
          </button>
        </div>
      )}
    </li>
  );
}
