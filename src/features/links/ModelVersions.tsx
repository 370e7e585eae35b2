import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import {
  modelOwnershipQuery,
  modelVersionsQuery,
  type GraphqlQueryInput,
} from './graphql/graphqlQueries';
import { projectPath } from '../../routes/address';
import { useClipboard } from '../../shared/useClipboard';
import { useDocumentTitle } from '../../shared/documentTitle';
import { countOf } from '../../speckle/counts';
import { QueryRetryWait } from '../../shared/waits/QueryRetryWait';
import { modelNotInProject } from '../../speckle/links/missingEntries';
import { GraphqlAlert } from './GraphqlAlert';
import { LoadMore } from './LoadMore';
import { MissingEntries } from '../../shared/MissingEntries';
import { otherProjectMessage } from '../../shared/outcomeMessages';
import { useOpenRoot } from './openRoot';
import { COMPARED_VERSIONS, useVersionComparison } from './useVersionComparison';
import { VersionRow, type VersionAction } from './VersionRow';

/**
 * A model's versions, newest first, a page at a time, each with its root's two lookups. The server
 * lists another project's model's versions too: the model is checked to be the project's, in
 * parallel, and the list shown only then.
 */
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
  const options = modelVersionsQuery({ ...input, projectId, modelId });
  const query = useInfiniteQuery(options);
  const ownership = useQuery(modelOwnershipQuery({ ...input, projectId, modelId }));
  const open = useOpenRoot({ input, projectId, server });
  const clipboard = useClipboard();
  const versions = query.data?.pages.flatMap((page) => page.versions.items) ?? [];
  const modelName = query.data?.pages[0]?.model.name ?? modelId;
  useDocumentTitle(query.data ? `Versions of model ${modelName}` : null);
  const comparison = useVersionComparison({
    input,
    projectId,
    modelId,
    modelName,
    server,
    versions,
    morePages: query.hasNextPage,
  });
  if (ownership.data?.kind === 'none') {
    const entries = [modelNotInProject(modelId)];
    return <MissingEntries projectId={projectId} server={server} entries={entries} role="alert" />;
  }
  if (ownership.data?.kind === 'other-project') {
    return (
      <p role="alert" className="alert">
        {otherProjectMessage(projectId, [modelId])}
      </p>
    );
  }
  if (query.isPending || ownership.isPending) {
    return (
      <QueryRetryWait queryKey={options.queryKey}>
        <p role="status">Reading the model's versions…</p>
      </QueryRetryWait>
    );
  }
  if (ownership.isError) {
    return <GraphqlAlert error={ownership.error} onRetry={() => void ownership.refetch()} />;
  }
  if (query.isError && !query.data) {
    return <GraphqlAlert error={query.error} onRetry={() => void query.refetch()} />;
  }
  const [first] = query.data.pages;
  const total = first?.versions.totalCount ?? 0;
  function onRowButton(event: MouseEvent<HTMLElement>) {
    const button = (event.target as Element).closest<HTMLElement>('button[data-action]');
    const index = Number(button?.dataset.index);
    const version = versions[index];
    const action = button?.dataset.action as VersionAction | undefined;
    if (!version || !action) return;
    if (action === 'copy-id') {
      clipboard.copy('Version id', version.id);
      return;
    }
    if (action === 'previous') {
      comparison.compareWithPrevious(index);
      return;
    }
    const objectId = version.referencedObject;
    if (!objectId) return;
    open({ modelId, versionId: version.id, objectId }, action, {
      version: { ...version, model: { id: modelId, name: modelName } },
    });
  }
  return (
    <section aria-labelledby="model-heading" className="project-browser">
      <p>
        <Link to={projectPath(projectId, server)}>All models of project {projectId}</Link>
      </p>
      <h2 id="model-heading">Model {modelName}</h2>
      <p>
        {countOf(total, 'version', 'versions')}, newest first; showing {versions.length}.
      </p>
      <CompareChosen comparison={comparison} />
      <p aria-live="polite" className="hint">
        {clipboard.message}
      </p>
      {/* The rows' buttons name their action and row (VersionRow): their clicks land here. */}
      <ul aria-label="Versions" onClick={onRowButton}>
        {versions.map((version, index) => (
          <VersionRow
            key={version.id}
            version={version}
            index={index}
            chosen={comparison.selected.includes(version.id)}
            canCompareWithPrevious={comparison.hasPrevious(index)}
            onChoose={comparison.toggle}
          />
        ))}
      </ul>
      <LoadMore query={query} queryKey={options.queryKey} what="versions" />
    </section>
  );
}

/** Compares the two versions chosen in the list, and says why a comparison did not start. */
function CompareChosen({ comparison }: { comparison: ReturnType<typeof useVersionComparison> }) {
  const count = comparison.selected.length;
  return (
    <div className="row">
      <button
        type="button"
        disabled={!comparison.compareSelected}
        onClick={comparison.compareSelected ?? undefined}
      >
        Compare chosen versions
      </button>
      <span role="status">
        {count === COMPARED_VERSIONS
          ? 'Two versions chosen: the older is compared with the newer.'
          : `Choose two versions to compare; ${countOf(count, 'version', 'versions')} chosen.`}
      </span>
      {comparison.asking && <QueryRetryWait queryKey={comparison.asking} />}
      {comparison.problem && (
        <p role="alert" className="alert">
          {comparison.problem}
        </p>
      )}
    </div>
  );
}
