import type { VersionSummary } from './graphql/speckleGraphql';
import { formatDate } from '../../speckle/links/versionText';

/** Who made a version, when and with what: terms of a `version-facts` list, wherever one is shown. */
export function VersionFacts({ version }: { version: VersionSummary }) {
  return (
    <>
      <dt>Author</dt>
      <dd>{version.authorUser?.name ?? 'unknown'}</dd>
      <dt>Date</dt>
      <dd>{formatDate(version.createdAt)}</dd>
      <dt>Source application</dt>
      <dd>{version.sourceApplication ?? 'unknown'}</dd>
    </>
  );
}
