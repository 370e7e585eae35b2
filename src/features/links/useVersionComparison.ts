/**
 * Comparing versions from a model's list (issue 31): a version with the one before it, or any two
 * chosen, older as "from". The version before the last one listed may be on a page not loaded yet:
 * it is asked for only when that comparison is asked for. The compare route names the versions
 * (`model@version`), so that the comparison says which they are; what the list knows of them goes
 * into the cache first, so the route resolves them without asking the server again.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { versionNeighboursQuery, type GraphqlQueryInput } from './graphql/graphqlQueries';
import type { VersionSummary } from './graphql/speckleGraphql';
import { compareRoutePath } from '../../routes/address';
import { errorText } from '../../lib/errorText';
import { formatViewerResources } from '../../speckle/links/speckleLink';
import { rootResource } from '../../speckle/links/linkResolution';
import { useSeedRoot, type RootToOpen } from './openRoot';

/** How many versions a comparison takes. */
export const COMPARED_VERSIONS = 2;

export function useVersionComparison({
  input,
  projectId,
  modelId,
  modelName,
  server,
  versions,
  morePages,
}: {
  input: GraphqlQueryInput;
  projectId: string;
  modelId: string;
  modelName: string;
  server: string | null;
  /** The versions listed so far, newest first. */
  versions: readonly VersionSummary[];
  /** Whether older versions are still to be paged in. */
  morePages: boolean;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const seed = useSeedRoot({ input, projectId, server });
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  /** The query of the version before, while it is asked for: it may be waiting to retry. */
  const [asking, setAsking] = useState<QueryKey | null>(null);
  // The same function on every render: each row of the list takes it (VersionRow is memoised).
  const toggle = useCallback((versionId: string, on: boolean) => {
    setSelected((current) =>
      on ? [...current, versionId] : current.filter((id) => id !== versionId),
    );
  }, []);

  function compare(older: RootToOpen, newer: RootToOpen) {
    for (const root of [older, newer]) {
      const listed = versions.find((version) => version.id === root.versionId);
      seed(root, listed && { ...listed, model: { id: modelId, name: modelName } });
    }
    void navigate(
      compareRoutePath({
        projectId,
        fromId: formatViewerResources([rootResource(older)]),
        toId: formatViewerResources([rootResource(newer)]),
        toProjectId: projectId,
        server,
      }),
    );
  }

  const rootOf = (version: VersionSummary): RootToOpen | null =>
    version.referencedObject
      ? { modelId, versionId: version.id, objectId: version.referencedObject }
      : null;

  async function compareWithPrevious(index: number) {
    const version = versions[index];
    const newer = version && rootOf(version);
    if (!newer) return;
    const listed = versions[index + 1];
    let older = listed && { versionId: listed.id, objectId: listed.referencedObject };
    if (!older) {
      setProblem(null);
      try {
        const query = versionNeighboursQuery({
          ...input,
          projectId,
          modelId,
          versionId: version.id,
        });
        setAsking(query.queryKey);
        older = (await client.fetchQuery(query))?.older ?? undefined;
      } catch (error) {
        setProblem(`The version before could not be read: ${errorText(error)}`);
        return;
      } finally {
        setAsking(null);
      }
    }
    if (!older?.objectId) {
      setProblem(
        `The version before ${version.id} is withheld by the server: older than the plan’s history limit.`,
      );
      return;
    }
    compare({ modelId, versionId: older.versionId, objectId: older.objectId }, newer);
  }

  /** Whether a row can be compared with the one before: both roots known, or one to ask for. */
  function hasPrevious(index: number): boolean {
    const listed = versions[index + 1];
    return (
      Boolean(versions[index]?.referencedObject) &&
      (listed ? Boolean(listed.referencedObject) : morePages)
    );
  }

  // Only versions with a root can be chosen; listed newest first, so the newer comes first.
  const roots = versions
    .filter((version) => selected.includes(version.id))
    .flatMap((version) => rootOf(version) ?? []);
  const [newerRoot, olderRoot] = roots;
  return {
    selected,
    problem,
    asking,
    hasPrevious,
    compareWithPrevious: (index: number) => void compareWithPrevious(index),
    toggle,
    /** Compares the chosen pair; null unless exactly two are chosen. */
    compareSelected:
      roots.length === COMPARED_VERSIONS && newerRoot && olderRoot
        ? () => compare(olderRoot, newerRoot)
        : null,
  };
}
