import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  missingVersionQuery,
  versionNeighboursQuery,
  versionQuery,
  type GraphqlQueryInput,
} from './graphql/graphqlQueries';
import { isGraphqlError, type GraphqlErrorKind } from '../../api/graphqlError';
import { modelVersionsPath, rootRoutePath, type LookupMode } from '../../routes/address';
import { LOOKUP_REQUEST } from '../../connection/useLookupServer';
import type { VersionRootRef } from '../../speckle/links/versionNeighbours';
import { QueryRetryWait } from '../../shared/waits/QueryRetryWait';
import { MissingEntries } from '../../shared/MissingEntries';
import { useDocumentTitle } from '../../shared/documentTitle';
import { useSeedRoot, type RootOpening } from './openRoot';
import { errorText } from '../../lib/errorText';
import { firstLine, formatDate } from '../../speckle/links/versionText';

/** The version a root was resolved from: the route names it, or resolves to it. */
interface VersionOrigin {
  projectId: string;
  modelId: string;
  versionId: string;
}

/**
 * Where a loaded root came from: project, model, version message and date, with links back to the
 * model's versions and to the versions before and after it, wherever it is in the model's history.
 * Read from the server (or the cache) by the ids alone, so a reload or a shared link shows it too.
 */
export function VersionOriginBar({
  input,
  origin,
  server,
  mode,
}: {
  input: GraphqlQueryInput;
  origin: VersionOrigin;
  server: string | null;
  mode: LookupMode;
}) {
  const { projectId, modelId, versionId } = origin;
  const factsOptions = versionQuery({ ...input, projectId, versionId });
  const neighboursOptions = versionNeighboursQuery({ ...input, ...origin });
  const facts = useQuery(factsOptions);
  const neighbours = useQuery(neighboursOptions);
  const version = facts.data;
  useDocumentTitle(version ? `Model ${version.model.name}, version ${versionId}` : null);
  // The address can name a version its model no longer has, from a resolution kept in the cache
  // (the version was deleted or moved to another model since): say so rather than show another
  // model's version under this one.
  const notInModel =
    failedAs(facts.error, 'version-not-found') ||
    failedAs(neighbours.error, 'model-not-found') ||
    (version !== undefined && version.model.id !== modelId) ||
    neighbours.data === null;
  if (notInModel) return <VersionNotInModel input={input} origin={origin} server={server} />;
  if (facts.isError) {
    return (
      <p role="note">
        Where version {versionId} came from could not be read: {errorText(facts.error)}
      </p>
    );
  }
  if (!version) return <QueryRetryWait queryKey={factsOptions.queryKey} />;
  const step = { input, projectId, server, modelId, mode };
  return (
    <nav aria-label="Version" className="version-origin">
      <p>
        Project {projectId} · model{' '}
        <Link to={modelVersionsPath(projectId, modelId, server)}>{version.model.name}</Link> ·
        version {versionId}: “{firstLine(version.message)}”, {formatDate(version.createdAt)}
      </p>
      <p className="row">
        <VersionStep {...step} to={neighbours.data?.older} label="Previous version" />{' '}
        <VersionStep {...step} to={neighbours.data?.newer} label="Next version" />
      </p>
      <QueryRetryWait queryKey={neighboursOptions.queryKey} />
      {neighbours.isError && (
        <p role="note">
          The versions before and after this one could not be read: {errorText(neighbours.error)}
        </p>
      )}
    </nav>
  );
}

/** Why the version is not the model's, in the words a link naming it gets (MissingEntries). */
function VersionNotInModel({
  input,
  origin,
  server,
}: {
  input: GraphqlQueryInput;
  origin: VersionOrigin;
  server: string | null;
}) {
  const missing = useQuery(missingVersionQuery({ ...input, ...origin }));
  const { projectId, modelId, versionId } = origin;
  if (missing.isError) {
    return (
      <p role="note">
        Version {versionId} is not in model {modelId}, and why could not be read:{' '}
        {errorText(missing.error)}
      </p>
    );
  }
  if (!missing.data) return null;
  return (
    <MissingEntries projectId={projectId} server={server} entries={[missing.data]} role="note" />
  );
}

function failedAs(error: unknown, kind: GraphqlErrorKind): boolean {
  return isGraphqlError(error) && error.kind === kind;
}

/** A link to the version before or after, unless there is none or the server withholds it. */
function VersionStep({
  to,
  label,
  modelId,
  mode,
  ...opening
}: RootOpening & {
  to: VersionRootRef | null | undefined;
  label: string;
  modelId: string;
  mode: LookupMode;
}) {
  const seed = useSeedRoot(opening);
  if (!to) return null;
  const { versionId, objectId } = to;
  if (objectId === null) {
    return <span>{label} withheld by the server: older than the plan’s history limit.</span>;
  }
  const root = { modelId, versionId, objectId };
  return (
    <Link
      to={rootRoutePath(opening.projectId, root, opening.server, mode)}
      state={LOOKUP_REQUEST}
      onClick={() => seed(root)}
    >
      {label}
    </Link>
  );
}
