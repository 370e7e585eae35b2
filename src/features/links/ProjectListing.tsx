import type { GraphqlQueryInput } from './graphql/graphqlQueries';
import type { LinkOutcome } from '../../speckle/links/linkResolution';
import { ModelVersions } from './ModelVersions';
import { ProjectModels } from './ProjectModels';

/** What a link names when it names no root: a project (its models) or a model (its versions). */
type Listing = Extract<LinkOutcome, { kind: 'project' | 'model-versions' }>;

/** The page of a link that names a project or a model's versions, directly or once resolved. */
export function ProjectListing({
  input,
  projectId,
  server,
  listing,
}: {
  input: GraphqlQueryInput;
  projectId: string;
  server: string | null;
  listing: Listing;
}) {
  return listing.kind === 'project' ? (
    <ProjectModels input={input} projectId={projectId} server={server} />
  ) : (
    <ModelVersions input={input} projectId={projectId} modelId={listing.modelId} server={server} />
  );
}
