// Answers the demo schema's fields the way a Speckle server does (shared/speckle-graphql.md):
// access rules and error codes, newest-first ordering of `models` and `versions`, timestamp
// cursors, the hidden empty `main`, slugged source applications and `viewerResourcesExtended`'s
// groups (every version of a model in no promised order with `loadedVersionsOnly: false`).
import { GraphQLError } from 'graphql';
import type { DemoCatalog, DemoProject } from './catalog.ts';
import type { DemoModel, DemoUser, DemoVersion, Scope } from './history.ts';

export type GraphqlAuth =
  { kind: 'none' } | { kind: 'valid'; user: DemoUser; scopes: readonly Scope[] };

export interface GraphqlData {
  catalog: DemoCatalog;
  history: readonly DemoModel[];
}

interface PageArgs {
  limit: number;
  cursor?: string | null;
}

const SERVER_INFO = {
  name: 'Speckle Object Explorer demo server',
  version: 'dev',
  canonicalUrl: null,
};
const PROJECT_TIME = '2026-10-01T07:00:00.000Z';
const MAX_MODELS_PAGE = 500;
const MAX_VERSIONS_PAGE = 100;
const OBJECT_ID_LENGTH = 32;
// Connectors whose names the server rewrites to a slug; any other name is kept as sent.
const KNOWN_APPLICATIONS = [
  'revit',
  'rhino',
  'grasshopper',
  'blender',
  'autocad',
  'civil3d',
  'archicad',
  'sketchup',
  'tekla',
  'etabs',
  'navisworks',
  'excel',
  'powerbi',
];

function speckleError(message: string, code: string, statusCode?: number, scope?: string) {
  const extensions = { code, ...(scope ? { scope } : {}), ...(statusCode ? { statusCode } : {}) };
  return new GraphQLError(message, { extensions });
}

function requireScope(auth: GraphqlAuth, scope: Scope): void {
  if (auth.kind === 'valid' && !auth.scopes.includes(scope)) {
    throw speckleError(
      `Your auth token does not have the required scope: ${scope}.`,
      'FORBIDDEN',
      403,
      scope,
    );
  }
}

/** The root fields, for one request made with `auth`. */
export function rootValue(data: GraphqlData, auth: GraphqlAuth) {
  return {
    serverInfo: () => SERVER_INFO,
    activeUser: () => {
      if (auth.kind === 'none') return null;
      requireScope(auth, 'profile:read');
      const { id, name, avatar } = auth.user;
      return { id, name, avatar, email: null };
    },
    project: ({ id }: { id: string }) => {
      requireScope(auth, 'streams:read');
      const project = data.catalog.projects.find((candidate) => candidate.id === id);
      if (!project) throw speckleError('Project not found', 'STREAM_NOT_FOUND', 404);
      const role = auth.kind === 'valid' ? (auth.user.roles[project.id] ?? null) : null;
      if (project.visibility === 'private' && auth.kind === 'none') {
        throw speckleError('You are not logged in to this server', 'FORBIDDEN', 403);
      }
      if (project.visibility === 'private' && role === null) {
        throw speckleError('You do not have access to the project', 'FORBIDDEN', 403);
      }
      return new ProjectNode(data, project, role);
    },
  };
}

/** Items newest first from `cursor` on (strictly older), and the cursor for the next page. */
function page<T>(items: readonly T[], timeOf: (item: T) => string, { limit, cursor }: PageArgs) {
  if (cursor != null && Number.isNaN(Date.parse(cursor))) {
    throw speckleError(
      `select * from "branches" where "updatedAt" < '${cursor}' - invalid input syntax for type timestamp with time zone: "${cursor}"`,
      'INTERNAL_SERVER_ERROR',
    );
  }
  const sorted = [...items].sort((a, b) => timeOf(b).localeCompare(timeOf(a)));
  if (limit <= 0) return { totalCount: items.length, cursor: null, items: [] };
  const after = cursor == null ? sorted : sorted.filter((item) => timeOf(item) < cursor);
  const taken = after.slice(0, limit);
  const last = taken.at(-1);
  return { totalCount: items.length, cursor: last ? timeOf(last) : null, items: taken };
}

function modelUpdatedAt(model: DemoModel): string {
  return model.versions.at(-1)?.createdAt ?? model.createdAt;
}

class ProjectNode {
  readonly createdAt = PROJECT_TIME;
  readonly updatedAt = PROJECT_TIME;

  constructor(
    private readonly data: GraphqlData,
    private readonly project: DemoProject,
    readonly role: string | null,
  ) {}

  get id() {
    return this.project.id;
  }

  get name() {
    return this.project.name;
  }

  get visibility() {
    return this.project.visibility.toUpperCase();
  }

  private ownModels(): DemoModel[] {
    return this.data.history.filter((model) => model.projectId === this.project.id);
  }

  models(
    args: PageArgs & {
      filter?: {
        ids?: string[] | null;
        search?: string | null;
        onlyWithVersions?: boolean | null;
      } | null;
    },
  ) {
    const { ids, search, onlyWithVersions } = args.filter ?? {};
    const listed = this.ownModels().filter(
      (model) =>
        // An empty `main` is left out of the list, as the server does for a new project.
        !(model.name === 'main' && model.versions.length === 0) &&
        (!ids || ids.includes(model.id)) &&
        (!search || model.name.includes(search.toLowerCase())) &&
        (!onlyWithVersions || model.versions.length > 0),
    );
    const limit = Math.min(args.limit, MAX_MODELS_PAGE);
    const result = page(listed, modelUpdatedAt, { ...args, limit });
    return { ...result, items: result.items.map((model) => new ModelNode(this.data, model)) };
  }

  // Like the real server, a model of another project is found too; strict clients compare.
  model({ id }: { id: string }) {
    const model = this.data.history.find((candidate) => candidate.id === id);
    if (!model) throw speckleError('Model not found', 'BRANCH_NOT_FOUND', 404);
    return new ModelNode(this.data, model);
  }

  modelByName({ name }: { name: string }) {
    const model = this.ownModels().find((candidate) => candidate.name === name);
    if (!model) throw speckleError('Model not found', 'BRANCH_NOT_FOUND', 404);
    return new ModelNode(this.data, model);
  }

  version({ id }: { id: string }) {
    for (const model of this.ownModels()) {
      const found = model.versions.find((candidate) => candidate.id === id);
      if (found) return new VersionNode(this.data, model, found);
    }
    throw speckleError('Version not found', 'COMMIT_NOT_FOUND', 404);
  }

  versions(args: PageArgs) {
    const all = this.ownModels().flatMap((model) =>
      model.versions.map((version) => ({ model, version })),
    );
    return versionPage(this.data, all, args);
  }

  viewerResourcesExtended({
    resourceIdString,
    loadedVersionsOnly,
  }: {
    resourceIdString: string;
    loadedVersionsOnly?: boolean | null;
  }) {
    return new ViewerResolver(
      this.data,
      this.project,
      this.ownModels(),
      loadedVersionsOnly !== false,
    ).resolve(resourceIdString);
  }
}

function versionPage(
  data: GraphqlData,
  entries: { model: DemoModel; version: DemoVersion }[],
  args: PageArgs,
) {
  if (args.limit > MAX_VERSIONS_PAGE) {
    throw speckleError(
      'Cannot return more than 100 items, please use pagination.',
      'BAD_REQUEST_ERROR',
      400,
    );
  }
  const result = page(entries, (entry) => entry.version.createdAt, args);
  return {
    ...result,
    items: result.items.map(({ model, version }) => new VersionNode(data, model, version)),
  };
}

class ModelNode {
  readonly author = null;

  constructor(
    private readonly data: GraphqlData,
    private readonly model: DemoModel,
  ) {}

  get id() {
    return this.model.id;
  }

  get name() {
    return this.model.name;
  }

  get displayName() {
    return this.model.name.slice(this.model.name.lastIndexOf('/') + 1);
  }

  get createdAt() {
    return this.model.createdAt;
  }

  get updatedAt() {
    return modelUpdatedAt(this.model);
  }

  versions(args: PageArgs) {
    return versionPage(
      this.data,
      this.model.versions.map((version) => ({ model: this.model, version })),
      args,
    );
  }

  version({ id }: { id: string }) {
    const found = this.model.versions.find((candidate) => candidate.id === id);
    if (!found) throw speckleError('Version not found', 'COMMIT_NOT_FOUND', 404);
    return new VersionNode(this.data, this.model, found);
  }
}

class VersionNode {
  constructor(
    private readonly data: GraphqlData,
    private readonly owner: DemoModel,
    private readonly version: DemoVersion,
  ) {}

  get id() {
    return this.version.id;
  }

  get message() {
    return this.version.message;
  }

  get referencedObject() {
    return this.version.referencedObject;
  }

  get createdAt() {
    return this.version.createdAt;
  }

  get sourceApplication() {
    return applicationSlug(this.version.sourceApplication);
  }

  get authorUser() {
    const { id, name, avatar } = this.version.author;
    return { id, name, avatar };
  }

  get model() {
    return new ModelNode(this.data, this.owner);
  }
}

function applicationSlug(sent: string): string {
  const lower = sent.toLowerCase();
  return KNOWN_APPLICATIONS.find((slug) => lower.startsWith(slug)) ?? sent;
}

interface ResourceItem {
  modelId: string | null;
  versionId: string | null;
  objectId: string | null;
}

/** `viewerResourcesExtended`: one group per entry that matched, silently nothing for the rest. */
class ViewerResolver {
  constructor(
    private readonly data: GraphqlData,
    private readonly project: DemoProject,
    private readonly models: readonly DemoModel[],
    private readonly newestOnly: boolean,
  ) {}

  resolve(resourceIdString: string) {
    // The server lowercases, de-duplicates and sorts; it does not trim.
    const entries = [...new Set(resourceIdString.toLowerCase().split(','))]
      .filter((entry) => entry !== '')
      .sort();
    const rank = (entry: string) =>
      entry.length === OBJECT_ID_LENGTH ? 0 : entry === 'all' ? 1 : entry.startsWith('$') ? 2 : 3;
    const groups = [...entries]
      .sort((a, b) => rank(a) - rank(b))
      .map((identifier) => ({ identifier, items: this.items(identifier) }))
      .filter((group) => group.items.length > 0);
    return { groups, resourceIdString: entries.join(',') };
  }

  private items(entry: string): ResourceItem[] {
    const newestModelsFirst = [...this.models].sort((a, b) =>
      modelUpdatedAt(b).localeCompare(modelUpdatedAt(a)),
    );
    if (entry === 'all') return newestModelsFirst.flatMap((model) => this.versionsOf(model));
    if (entry.startsWith('$')) {
      const prefix = entry.slice(1);
      return newestModelsFirst
        .filter((model) => model.name.startsWith(prefix))
        .flatMap((model) => this.versionsOf(model));
    }
    if (entry.length === OBJECT_ID_LENGTH) {
      return this.project.has(entry) ? [{ modelId: null, versionId: null, objectId: entry }] : [];
    }
    const [modelId = '', versionId] = entry.split('@');
    // Like `model(id)`, any project's model is found.
    const model = this.data.history.find((candidate) => candidate.id === modelId);
    if (!model) return [];
    if (versionId === undefined) return this.versionsOf(model);
    const version = model.versions.find((candidate) => candidate.id === versionId);
    return version ? [item(model, version)] : [];
  }

  private versionsOf(model: DemoModel): ResourceItem[] {
    const newest = model.versions.at(-1);
    if (this.newestOnly) return newest ? [item(model, newest)] : [];
    return unordered(model.versions).map((version) => item(model, version));
  }
}

// `loadedVersionsOnly: false` lists every version of a model in no promised order: the real
// server's query has no ORDER BY (one was seen answering unordered) and the items carry no date.
// The demo lists them by a hash of the id, neither by date nor by id, so that code reading this
// list as newest first fails here as it would on a real server.
function unordered(versions: readonly DemoVersion[]): DemoVersion[] {
  return [...versions].sort((a, b) => idHash(a.id) - idHash(b.id));
}

/** FNV-1a: a fixed, well-mixed number for an id. */
function idHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193) >>> 0;
  }
  return hash;
}

function item(model: DemoModel, version: DemoVersion): ResourceItem {
  return { modelId: model.id, versionId: version.id, objectId: version.referencedObject };
}
