import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { versionQuery, type GraphqlQueryInput } from './graphql/graphqlQueries';
import type { VersionWithModel } from './graphql/speckleGraphql';
import { countOf } from '../../speckle/counts';
import type { LinkRoot } from '../../speckle/links/linkResolution';
import { LOOKUP_REQUEST } from '../../connection/useLookupServer';
import { VersionFacts } from './VersionFacts';
import { firstLine } from '../../speckle/links/versionText';

/**
 * Several roots a link names (several models, `all`, a folder): each with what its version says,
 * asked for only here, where there is a choice to make.
 */
export function RootChoice({
  input,
  projectId,
  roots,
  pathOf,
  onOpen,
}: {
  input: GraphqlQueryInput;
  projectId: string;
  roots: readonly LinkRoot[];
  pathOf: (root: LinkRoot) => string;
  /** Called as a root is chosen, before the move to its path. */
  onOpen: (root: LinkRoot) => void;
}) {
  const versions = useQueries({
    queries: roots.map((root) => ({
      ...versionQuery({ ...input, projectId, versionId: root.versionId ?? '' }),
      enabled: root.versionId !== null,
    })),
  });
  return (
    <section aria-labelledby="root-choice-heading">
      <h2 id="root-choice-heading">The link names {countOf(roots.length, 'root', 'roots')}</h2>
      <p>Choose one to load with its children.</p>
      <ul aria-label="Roots to choose from">
        {roots.map((root, index) => (
          <li key={root.objectId}>
            <Link to={pathOf(root)} state={LOOKUP_REQUEST} onClick={() => onOpen(root)}>
              {versions[index]?.data?.model.name ?? root.modelId ?? `Object ${root.objectId}`}
            </Link>
            <RootFacts root={root} version={versions[index]?.data ?? null} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RootFacts({ root, version }: { root: LinkRoot; version: VersionWithModel | null }) {
  return (
    <dl className="version-facts">
      {version && (
        <>
          <dt>Version</dt>
          <dd>{firstLine(version.message)}</dd>
          <VersionFacts version={version} />
        </>
      )}
      <dt>Root object</dt>
      <dd>{root.objectId}</dd>
    </dl>
  );
}
