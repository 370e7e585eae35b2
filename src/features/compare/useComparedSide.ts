/**
 * One side of a compare route, resolved to the root object to load: an object id as it is; a
 * version id, `model@version` or model id through the link resolver (features/links/graphql/resolveLink.ts) and then
 * the version's facts (model name, message, date), so that the page and the report can say which
 * version each side is. A failure names the side and says why in the link outcomes' words.
 */
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../lib/errorText';
import { speckleLinkQuery, versionQuery, type GraphqlQueryInput } from '../links';
import { isGraphqlError } from '../../api/graphqlError';
import { failedOutcomeMessage } from '../../shared/outcomeMessages';
import type { ComparedSide } from './core/comparedSide';
import type { MissingEntry } from '../../speckle/links/missingEntries';
import { readSideReference, type SideName } from './core/sideReference';
import { capitalise } from '../../lib/capitalise';

export type SideResolution =
  | { state: 'resolving'; note: string }
  | {
      state: 'failed';
      message: string;
      /** The side matched nothing: why, in the link outcomes' words (MissingEntries). */
      missing: readonly MissingEntry[] | null;
      /** Offered where asking again can succeed (a rate limit, a restarting server). */
      retry: (() => void) | null;
    }
  | { state: 'resolved'; side: ComparedSide };

export function useComparedSide(
  input: GraphqlQueryInput,
  name: SideName,
  projectId: string,
  sideId: string,
): SideResolution {
  const reading = readSideReference(sideId);
  const side = reading.ok ? reading.side : null;
  const resources = side?.kind === 'resource' ? [side.resource] : [];
  const link = useQuery({
    ...speckleLinkQuery({
      ...input,
      link: { projectId, target: { kind: 'resources', resources } },
    }),
    enabled: resources.length > 0,
  });
  const roots = link.data?.kind === 'roots' ? link.data.roots : [];
  const [root] = roots;
  const versionId = roots.length === 1 ? (root?.versionId ?? null) : null;
  const version = useQuery({
    ...versionQuery({ ...input, projectId, versionId: versionId ?? '' }),
    enabled: versionId !== null,
  });

  const given = `the ${name} side, “${sideId}”`;
  const failed = (why: string, { error, retry, missing }: FailureDetails = {}): SideResolution => ({
    state: 'failed',
    message: `${capitalise(given)}${why}`,
    missing: missing ?? null,
    retry: retry && isGraphqlError(error) && error.isTransient ? retry : null,
  });
  if (!side) return failed(', is not an id a comparison takes.');
  if (side.kind === 'object') {
    return { state: 'resolved', side: { projectId, rootId: side.objectId, version: null } };
  }
  if (link.isError) {
    return failed(`, could not be resolved: ${errorText(link.error)}`, {
      error: link.error,
      retry: () => void link.refetch(),
    });
  }
  if (!link.data) return { state: 'resolving', note: `Resolving ${given} on the server…` };
  if (link.data.kind === 'nothing-matched') {
    return failed(', names nothing to compare:', { missing: link.data.unmatched });
  }
  const refused = failedOutcomeMessage(projectId, link.data);
  if (refused) return failed(`: ${refused}`);
  if (!root || roots.length !== 1) return failed(`, names ${roots.length} roots, not one.`);
  if (!root.modelId || !versionId) {
    return { state: 'resolved', side: { projectId, rootId: root.objectId, version: null } };
  }
  if (version.isError) {
    return failed(`, version ${versionId}, could not be read: ${errorText(version.error)}`, {
      error: version.error,
      retry: () => void version.refetch(),
    });
  }
  if (!version.data) return { state: 'resolving', note: `Reading the version of ${given}…` };
  const { model, message, createdAt } = version.data;
  return {
    state: 'resolved',
    side: {
      projectId,
      rootId: root.objectId,
      version: { modelId: model.id, modelName: model.name, versionId, message, createdAt },
    },
  };
}

interface FailureDetails {
  error?: unknown;
  retry?: () => void;
  missing?: readonly MissingEntry[];
}
