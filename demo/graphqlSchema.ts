// The subset of a Speckle server's GraphQL schema (2.x) that the explorer uses, with the same
// type names, nullability and argument defaults, so that requests are validated as strictly.
import { buildSchema } from 'graphql';

export const SPECKLE_SCHEMA = buildSchema(/* GraphQL */ `
  scalar DateTime

  type Query {
    serverInfo: ServerInfo!
    activeUser: User
    project(id: String!): Project!
  }

  type ServerInfo {
    name: String!
    version: String
    canonicalUrl: String
  }

  type User {
    id: ID!
    name: String!
    email: String
    avatar: String
  }

  type LimitedUser {
    id: ID!
    name: String!
    avatar: String
  }

  enum ProjectVisibility {
    PRIVATE
    PUBLIC
    UNLISTED
  }

  input ProjectModelsFilter {
    ids: [String!]
    search: String
    onlyWithVersions: Boolean
  }

  type Project {
    id: ID!
    name: String!
    visibility: ProjectVisibility!
    role: String
    createdAt: DateTime!
    updatedAt: DateTime!
    models(limit: Int! = 25, cursor: String, filter: ProjectModelsFilter): ModelCollection!
    model(id: String!): Model!
    modelByName(name: String!): Model!
    version(id: String!): Version!
    versions(limit: Int! = 25, cursor: String): VersionCollection!
    viewerResourcesExtended(
      resourceIdString: String!
      loadedVersionsOnly: Boolean = true
      savedViewId: ID
    ): ExtendedViewerResources!
  }

  type ModelCollection {
    totalCount: Int!
    cursor: String
    items: [Model!]!
  }

  type Model {
    id: ID!
    name: String!
    displayName: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    author: LimitedUser
    versions(limit: Int! = 25, cursor: String): VersionCollection!
    version(id: String!): Version!
  }

  type VersionCollection {
    totalCount: Int!
    cursor: String
    items: [Version!]!
  }

  type Version {
    id: ID!
    message: String
    referencedObject: String
    createdAt: DateTime!
    sourceApplication: String
    authorUser: LimitedUser
    model: Model!
  }

  type ExtendedViewerResources {
    groups: [ViewerResourceGroup!]!
    resourceIdString: String!
  }

  type ViewerResourceGroup {
    identifier: String!
    items: [ViewerResourceItem!]!
  }

  type ViewerResourceItem {
    modelId: String
    versionId: String
    objectId: String
  }
`);
