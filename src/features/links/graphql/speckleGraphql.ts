/**
 * The GraphQL queries the link resolver and the project browser need, with the shapes a Speckle
 * server answers them in (shared/speckle-graphql.md). Each non-null field that fails makes the
 * whole `data` null, so independent lookups are separate operations.
 */
import {
  callContext,
  executionError,
  postGraphql,
  queryGraphql,
  type GraphqlCall,
  type GraphqlSubject,
} from '../../../api/graphqlClient';
import { GraphqlError } from '../../../api/graphqlError';
import { shapeProblem } from '../../../api/answerShape';
import {
  LATEST_VERSION_SHAPE,
  MODEL_BY_NAME_SHAPE,
  MODEL_SHAPE,
  MODEL_VERSIONS_SHAPE,
  PROJECT_MODELS_SHAPE,
  SERVER_IDENTITY_SHAPE,
  VERSION_ROOTS_SHAPE,
  VERSION_SHAPE,
  VIEWER_RESOURCES_SHAPE,
} from './answerShapes';
import type { VersionRootRef } from '../../../speckle/links/versionNeighbours';

/** A page of a cursor-paged list: the cursor asks for the items after the last one. */
export interface Page<T> {
  totalCount: number;
  cursor: string | null;
  items: T[];
}

interface ProjectSummary {
  id: string;
  name: string;
  visibility: string;
  /** The token's role on the project; null for a non-member reading a public project. */
  role: string | null;
}

interface VersionRef {
  id: string;
  /** Null when the server withholds the version (older than the plan's history limit). */
  referencedObject: string | null;
  createdAt: string;
}

export interface ModelSummary {
  id: string;
  /** The full name with its folders, `structure/levels`. */
  name: string;
  displayName: string;
  updatedAt: string;
  versions: { totalCount: number; items: VersionRef[] };
}

interface Author {
  id: string;
  name: string;
  avatar: string | null;
}

export interface VersionSummary extends VersionRef {
  message: string | null;
  sourceApplication: string | null;
  authorUser: Author | null;
}

export interface VersionWithModel extends VersionSummary {
  model: { id: string; name: string };
}

export interface ModelRef {
  id: string;
  name: string;
  displayName: string;
}

interface ViewerResourceItem {
  modelId: string | null;
  versionId: string | null;
  objectId: string | null;
}

interface ViewerResourceGroup {
  identifier: string;
  items: ViewerResourceItem[];
}

interface ResolvedViewerResources {
  groups: ViewerResourceGroup[];
  /** As the server echoes it: lowercased, de-duplicated, sorted, unmatched entries kept. */
  resourceIdString: string;
  /** The link's model ids that belong to this project (a model of another project is not here). */
  projectModels: ModelRef[];
}

export interface ServerIdentity {
  server: { name: string; version: string | null; canonicalUrl: string | null };
  /** Null without a token, or when the token lacks `profile:read` (it still reads projects). */
  user: { id: string; name: string; email: string | null } | null;
  userUnknownBecause: 'no-token' | 'no-profile-scope' | null;
}

const VERSION_FIELDS = `id message referencedObject createdAt sourceApplication authorUser { id name avatar }`;

// The models part checks that explicit model ids belong to this project: `viewerResourcesExtended`
// resolves another project's model too, which a strict client refuses.
const VIEWER_RESOURCES = `query ViewerResources($projectId: String!, $resourceIdString: String!, $modelIds: [String!], $checkModels: Boolean!) {
  project(id: $projectId) {
    viewerResourcesExtended(resourceIdString: $resourceIdString) {
      groups { identifier items { modelId versionId objectId } }
      resourceIdString
    }
    models(limit: 100, filter: { ids: $modelIds }) @include(if: $checkModels) { items { id name displayName } }
  }
}`;

export async function resolveViewerResources(
  call: GraphqlCall,
  input: { projectId: string; resourceIdString: string; modelIds: readonly string[] },
): Promise<ResolvedViewerResources> {
  const data = await queryGraphql<{
    project: {
      viewerResourcesExtended: Omit<ResolvedViewerResources, 'projectModels'>;
      models?: { items: ModelRef[] };
    };
  }>(
    about(call, { projectId: input.projectId }),
    {
      query: VIEWER_RESOURCES,
      operationName: 'ViewerResources',
      variables: {
        projectId: input.projectId,
        resourceIdString: input.resourceIdString,
        modelIds: input.modelIds,
        checkModels: input.modelIds.length > 0,
      },
    },
    VIEWER_RESOURCES_SHAPE,
  );
  const { viewerResourcesExtended, models } = data.project;
  return { ...viewerResourcesExtended, projectModels: models?.items ?? [] };
}

const PROJECT_MODELS = `query ProjectModels($projectId: String!, $limit: Int!, $cursor: String) {
  project(id: $projectId) { id name visibility role
    models(limit: $limit, cursor: $cursor) { totalCount cursor
      items { id name displayName updatedAt versions(limit: 1) { totalCount items { id referencedObject createdAt } } } } }
}`;

export async function fetchProjectModels(
  call: GraphqlCall,
  input: { projectId: string; limit: number; cursor: string | null },
): Promise<{ project: ProjectSummary; models: Page<ModelSummary> }> {
  const data = await queryGraphql<{ project: ProjectSummary & { models: Page<ModelSummary> } }>(
    about(call, { projectId: input.projectId }),
    { query: PROJECT_MODELS, operationName: 'ProjectModels', variables: input },
    PROJECT_MODELS_SHAPE,
  );
  const { models, ...project } = data.project;
  return { project, models };
}

const MODEL_VERSIONS = `query ModelVersions($projectId: String!, $modelId: String!, $limit: Int!, $cursor: String) {
  project(id: $projectId) { model(id: $modelId) { id name displayName
    versions(limit: $limit, cursor: $cursor) { totalCount cursor items { ${VERSION_FIELDS} } } } }
}`;

export async function fetchModelVersions(
  call: GraphqlCall,
  input: { projectId: string; modelId: string; limit: number; cursor: string | null },
): Promise<{ model: ModelRef; versions: Page<VersionSummary> }> {
  const data = await queryGraphql<{
    project: { model: ModelRef & { versions: Page<VersionSummary> } };
  }>(
    about(call, { projectId: input.projectId, modelId: input.modelId }),
    {
      query: MODEL_VERSIONS,
      operationName: 'ModelVersions',
      variables: input,
    },
    MODEL_VERSIONS_SHAPE,
  );
  const { versions, ...model } = data.project.model;
  return { model, versions };
}

const VERSION_ROOTS_PAGE = `query VersionRootsPage($projectId: String!, $modelId: String!, $limit: Int!, $cursor: String) {
  project(id: $projectId) { model(id: $modelId) {
    versions(limit: $limit, cursor: $cursor) { totalCount cursor items { id referencedObject } } } }
}`;

/** A page of a model's versions, newest first, as ids and roots (null when withheld). */
export async function fetchVersionRootsPage(
  call: GraphqlCall,
  input: { projectId: string; modelId: string; limit: number; cursor: string | null },
): Promise<Page<VersionRootRef>> {
  const data = await queryGraphql<{
    project: { model: { versions: Page<{ id: string; referencedObject: string | null }> } };
  }>(
    about(call, { projectId: input.projectId, modelId: input.modelId }),
    {
      query: VERSION_ROOTS_PAGE,
      operationName: 'VersionRootsPage',
      variables: input,
    },
    VERSION_ROOTS_SHAPE,
  );
  const { versions } = data.project.model;
  return {
    ...versions,
    items: versions.items.map(({ id, referencedObject }) => ({
      versionId: id,
      objectId: referencedObject,
    })),
  };
}

const VERSION = `query Version($projectId: String!, $versionId: String!) {
  project(id: $projectId) { version(id: $versionId) { ${VERSION_FIELDS} model { id name } } }
}`;

/** One version of the project, with its model: a legacy commit link names no model. */
export async function fetchVersion(
  call: GraphqlCall,
  input: { projectId: string; versionId: string },
): Promise<VersionWithModel> {
  const data = await queryGraphql<{ project: { version: VersionWithModel } }>(
    about(call, input),
    {
      query: VERSION,
      operationName: 'Version',
      variables: input,
    },
    VERSION_SHAPE,
  );
  return data.project.version;
}

const MODEL = `query Model($projectId: String!, $modelId: String!) {
  project(id: $projectId) { model(id: $modelId) { id name displayName } }
}`;

/** A model by id: of this project, or of another (the server finds any project's). */
export async function fetchModel(
  call: GraphqlCall,
  input: { projectId: string; modelId: string },
): Promise<ModelRef> {
  const data = await queryGraphql<{ project: { model: ModelRef } }>(
    about(call, input),
    {
      query: MODEL,
      operationName: 'Model',
      variables: input,
    },
    MODEL_SHAPE,
  );
  return data.project.model;
}

const MODEL_BY_NAME = `query ModelByName($projectId: String!, $name: String!) {
  project(id: $projectId) { modelByName(name: $name) { id name displayName } }
}`;

export async function fetchModelByName(
  call: GraphqlCall,
  input: { projectId: string; name: string },
): Promise<ModelRef> {
  const data = await queryGraphql<{ project: { modelByName: ModelRef } }>(
    about(call, { projectId: input.projectId }),
    {
      query: MODEL_BY_NAME,
      operationName: 'ModelByName',
      variables: input,
    },
    MODEL_BY_NAME_SHAPE,
  );
  return data.project.modelByName;
}

const LATEST_VERSION = `query LatestVersion($projectId: String!) {
  project(id: $projectId) { versions(limit: 1) { totalCount items { ${VERSION_FIELDS} model { id name } } } }
}`;

/** The project's newest version, of any model; null for a project without versions. */
export async function fetchLatestVersion(
  call: GraphqlCall,
  input: { projectId: string },
): Promise<VersionWithModel | null> {
  const data = await queryGraphql<{ project: { versions: { items: VersionWithModel[] } } }>(
    about(call, input),
    {
      query: LATEST_VERSION,
      operationName: 'LatestVersion',
      variables: input,
    },
    LATEST_VERSION_SHAPE,
  );
  return data.project.versions.items[0] ?? null;
}

const SERVER_IDENTITY = `query ServerIdentity { serverInfo { name version canonicalUrl } activeUser { id name email } }`;

/** The server's name and the token's account; a token without `profile:read` is no error here. */
export async function fetchServerIdentity(call: GraphqlCall): Promise<ServerIdentity> {
  const { data, errors } = await postGraphql<{
    serverInfo: ServerIdentity['server'];
    activeUser: ServerIdentity['user'];
  }>(call, { query: SERVER_IDENTITY, operationName: 'ServerIdentity' });
  const userError = errors.find((entry) => entry.path?.[0] === 'activeUser');
  const otherError = errors.find((entry) => entry !== userError);
  if (otherError) throw executionError(otherError, call);
  if (!data) throw new GraphqlError('bad-response', callContext(call));
  const problem = shapeProblem(data, SERVER_IDENTITY_SHAPE);
  if (problem)
    throw new GraphqlError('bad-response', { ...callContext(call), serverText: problem });
  if (userError && userError.extensions?.scope === undefined) throw executionError(userError, call);
  const hadToken = call.access.token.trim() !== '';
  return {
    server: data.serverInfo,
    user: data.activeUser,
    userUnknownBecause: !hadToken ? 'no-token' : userError ? 'no-profile-scope' : null,
  };
}

/** The call, naming what it asks about so that a refusal can say which project, model, version. */
function about(call: GraphqlCall, subject: GraphqlSubject): GraphqlCall {
  return { ...call, subject: { ...call.subject, ...subject } };
}
