import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { projectModelsQuery, type GraphqlQueryInput } from '../../api/graphqlQueries';
import { modelVersionsPath } from '../../shared/speckleRoute';
import { countOf } from '../../speckle/counts';
import { GraphqlAlert } from './GraphqlAlert';
import { LoadMore } from './LoadMore';
import { formatDate } from './versionText';

/** A project's models, newest first as the server orders them, a page at a time. */
export function ProjectModels({
  input,
  projectId,
  server,
}: {
  input: GraphqlQueryInput;
  projectId: string;
  server: string | null;
}) {
  const query = useInfiniteQuery(projectModelsQuery({ ...input, projectId }));
  if (query.isPending) return <p role="status">Reading the project's models…</p>;
  if (query.isError && !query.data) {
    return <GraphqlAlert error={query.error} onRetry={() => void query.refetch()} />;
  }
  const [first] = query.data.pages;
  const models = query.data.pages.flatMap((page) => page.models.items);
  const total = first?.models.totalCount ?? 0;
  return (
    <section aria-labelledby="project-heading" className="project-browser">
      <h2 id="project-heading">Project {first?.project.name ?? projectId}</h2>
      <p>
        {countOf(total, 'model', 'models')}, newest first; showing {models.length}.
      </p>
      <ul aria-label="Models">
        {models.map((model) => (
          <li key={model.id}>
            <Link to={modelVersionsPath(projectId, model.id, server)}>{model.name}</Link>{' '}
            <span>
              {countOf(model.versions.totalCount, 'version', 'versions')}, updated{' '}
              {formatDate(model.updatedAt)}
            </span>
          </li>
        ))}
      </ul>
      <LoadMore query={query} what="models" />
    </section>
  );
}
