import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { modelVersionsQuery, type GraphqlQueryInput } from '../../api/graphqlQueries';
import type { VersionSummary } from '../../api/speckleGraphql';
import { objectRoutePath } from '../../shared/objectRoute';
import { modelVersionsPath } from '../../shared/speckleRoute';
import { versionLookupState, type VersionOrigin } from './versionOrigin';
import { firstLine, formatDate } from './versionText';

/**
 * Where a loaded root came from: project, model, version message and date, with links back to the
 * model's versions and to the versions before and after it (within the first page of the list).
 */
export function VersionOriginBar({
  input,
  origin,
  server,
}: {
  input: GraphqlQueryInput;
  origin: VersionOrigin;
  server: string | null;
}) {
  const { projectId, modelId, versionId } = origin;
  const query = useInfiniteQuery(modelVersionsQuery({ ...input, projectId, modelId }));
  const versions = query.data?.pages.flatMap((page) => page.versions.items) ?? [];
  const index = versions.findIndex((version) => version.id === versionId);
  const version = versions[index];
  if (!version) return null;
  const modelName = query.data?.pages[0]?.model.name ?? modelId;
  // Newest first: the previous (older) version comes after this one in the list.
  const older = versions[index + 1];
  const newer = versions[index - 1];
  const pathOf = (other: VersionSummary) =>
    other.referencedObject
      ? objectRoutePath({ projectId, objectId: other.referencedObject, mode: 'children', server })
      : null;
  const step = (other: VersionSummary | undefined, label: string) => {
    const path = other && pathOf(other);
    return path ? (
      <Link to={path} state={versionLookupState({ projectId, modelId, versionId: other.id })}>
        {label}
      </Link>
    ) : null;
  };
  return (
    <nav aria-label="Version" className="version-origin">
      <p>
        Project {projectId} · model{' '}
        <Link to={modelVersionsPath(projectId, modelId, server)}>{modelName}</Link> · version{' '}
        {versionId}: “{firstLine(version.message)}”, {formatDate(version.createdAt)}
      </p>
      <p className="row">
        {step(older, 'Previous version')} {step(newer, 'Next version')}
      </p>
    </nav>
  );
}
