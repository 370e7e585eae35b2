import { memo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { projectModelsQuery, type GraphqlQueryInput } from './graphql/graphqlQueries';
import type { ModelSummary } from './graphql/speckleGraphql';
import { modelVersionsPath } from '../../routes/address';
import { countOf } from '../../speckle/counts';
import { QueryRetryWait } from '../../shared/waits/QueryRetryWait';
import { useDocumentTitle } from '../../shared/documentTitle';
import { GraphqlAlert } from './GraphqlAlert';
import { LoadMore } from './LoadMore';
import { formatDate } from '../../speckle/links/versionText';

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
  const options = projectModelsQuery({ ...input, projectId });
  const query = useInfiniteQuery(options);
  const projectName = query.data?.pages[0]?.project.name;
  useDocumentTitle(projectName === undefined ? null : `Project ${projectName}`);
  if (query.isPending) {
    return (
      <QueryRetryWait queryKey={options.queryKey}>
        <p role="status">Reading the project's models…</p>
      </QueryRetryWait>
    );
  }
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
        {query.data.pages.map((page, index) => (
          // Pages are only ever added at the end: a page's place is its identity.
          <ModelPage key={index} models={page.models.items} projectId={projectId} server={server} />
        ))}
      </ul>
      <LoadMore query={query} queryKey={options.queryKey} what="models" />
    </section>
  );
}

/**
 * One page of models. A page's items keep their identity when the next page arrives (React Query
 * shares what did not change), so "Load more" draws the new page alone, not every row shown.
 */
const ModelPage = memo(function ModelPage({
  models,
  projectId,
  server,
}: {
  models: readonly ModelSummary[];
  projectId: string;
  server: string | null;
}) {
  return models.map((model) => (
    <li key={model.id}>
      <Link to={modelVersionsPath(projectId, model.id, server)}>{model.name}</Link>{' '}
      <span>
        {countOf(model.versions.totalCount, 'version', 'versions')}, updated{' '}
        {formatDate(model.updatedAt)}
      </span>
    </li>
  ));
});
