export { LinkResolution } from './LinkResolution';
export { ProjectListing } from './ProjectListing';
export { VersionOriginBar } from './VersionOriginBar';
export {
  type GraphqlQueryInput,
  serverIdentityQuery,
  speckleLinkQuery,
  versionQuery,
} from './graphql/graphqlQueries';
export { type ServerIdentity } from './graphql/speckleGraphql';
export { OpenWithoutTokenContext } from './openWithoutToken';
