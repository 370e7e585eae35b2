/**
 * The shapes of the answers to the queries in speckleGraphql.ts, field for field as they ask
 * (shared/speckle-graphql.md gives the server's types): what is nullable there is nullable here.
 */
import {
  count,
  list,
  nullable,
  optional,
  record,
  text,
  type Shape,
} from '../../../api/answerShape';

const page = (item: Shape) =>
  record({ totalCount: count, cursor: nullable(text), items: list(item) });
const modelRef = record({ id: text, name: text, displayName: text });
const author = record({ id: text, name: text, avatar: nullable(text) });
const versionFields = {
  id: text,
  message: nullable(text),
  referencedObject: nullable(text),
  createdAt: text,
  sourceApplication: nullable(text),
  authorUser: nullable(author),
};
const versionWithModel = record({ ...versionFields, model: record({ id: text, name: text }) });
const inProject = (fields: Record<string, Shape>) => record({ project: record(fields) });

export const VIEWER_RESOURCES_SHAPE = inProject({
  viewerResourcesExtended: record({
    groups: list(
      record({
        identifier: text,
        items: list(
          record({ modelId: nullable(text), versionId: nullable(text), objectId: nullable(text) }),
        ),
      }),
    ),
    resourceIdString: text,
  }),
  models: optional(record({ items: list(modelRef) })),
});

export const PROJECT_MODELS_SHAPE = inProject({
  id: text,
  name: text,
  visibility: text,
  role: nullable(text),
  models: page(
    record({
      id: text,
      name: text,
      displayName: text,
      updatedAt: text,
      versions: record({
        totalCount: count,
        items: list(record({ id: text, referencedObject: nullable(text), createdAt: text })),
      }),
    }),
  ),
});

export const MODEL_VERSIONS_SHAPE = inProject({
  model: record({ id: text, name: text, displayName: text, versions: page(record(versionFields)) }),
});

export const VERSION_ROOTS_SHAPE = inProject({
  model: record({ versions: page(record({ id: text, referencedObject: nullable(text) })) }),
});

export const VERSION_SHAPE = inProject({ version: versionWithModel });
export const MODEL_SHAPE = inProject({ model: modelRef });
export const MODEL_BY_NAME_SHAPE = inProject({ modelByName: modelRef });
export const LATEST_VERSION_SHAPE = inProject({
  versions: record({ totalCount: count, items: list(versionWithModel) }),
});

export const SERVER_IDENTITY_SHAPE = record({
  serverInfo: record({ name: text, version: nullable(text), canonicalUrl: nullable(text) }),
  activeUser: optional(nullable(record({ id: text, name: text, email: nullable(text) }))),
});
