import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { modelVersionsQuery, type GraphqlQueryInput } from '../../api/graphqlQueries';
import { projectPath } from '../../shared/speckleRoute';
import { countOf } from '../../speckle/counts';
import { GraphqlAlert } from './GraphqlAlert';
import { LoadMore } from './LoadMore';
import { useOpenRoot } from './openRoot';
import { VersionRow } from './VersionRow';

/** A model's versions, newest first, a page at a time, each with its root's two lookups. */
export function ModelVersions({
  input,
  projectId,
  modelId,
  server,
}: {
  input: GraphqlQueryInput;
  projectId: string;
  modelId: string;
  server: string | null;
}) {
  const query = useInfiniteQuery(modelVersionsQuery({ ...input, projectId, modelId }));
  const open = useOpenRoot({ input, projectId, server });
  if (query.isPending) return <p role="status">Reading the model's versions…</p>;
  if (query.isError && !query.data) {
    return <GraphqlAlert error={query.error} onRetry={() => void query.refetch()} />;
  }
  const [first] = query.data.pages;
  const versions = query.data.pages.flatMap((page) => page.versions.items);
  const total = first?.versions.totalCount ?? 0;
  const modelName = first?.model.name ?? modelId;
  return (
    <section aria-labelledby="model-heading" className="project-browser">
      <p>
        <Link to={projectPath(projectId, server)}>All models of project {projectId}</Link>
      </p>
      <h2 id="model-heading">Model {modelName}</h2>
      <p>
        {countOf(total, 'version', 'versions')}, newest first; showing {versions.length}.
      </p>
      <ul aria-label="Versions">
        {versions.map((version) => (
          <VersionRow
            key={version.id}
            version={version}
            onOpen={(mode) => {
              const objectId = version.referencedObject;
              if (!objectId) return;
              open({ modelId, versionId: version.id, objectId }, mode, {
                version: { ...version, model: { id: modelId, name: modelName } },
              });
            }}
          />
        ))}
      </ul>
      <LoadMore query={query} what="versions" />
    </section>
  );
}
