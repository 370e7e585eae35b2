/**
 * Resolves a parsed Speckle link to the root objects it names (or the page it opens) with the
 * requests linkResolution.ts plans: one round trip for a viewer link, one lookup for a legacy
 * commit, branch or bare embed. A server without `viewerResourcesExtended` is asked entry by entry.
 * Entries that match nothing are asked about once more, to say why (missingFacts.ts).
 */
import {
  fallbackLookups,
  modelNameOutcome,
  planLinkLookup,
  readViewerAnswer,
  unmatchedResources,
  versionOutcome,
  type FallbackLookup,
  type LinkOutcome,
  type ViewerAnswer,
} from '../../../speckle/links/linkResolution';
import {
  parseViewerResources,
  type SpeckleLink,
  type ViewerResource,
} from '../../../speckle/links/speckleLink';
import {
  modelNameNotInProject,
  notAVersionEither,
  versionNotInProject,
} from '../../../speckle/links/missingEntries';
import type { GraphqlCall } from '../../../api/graphqlClient';
import { isGraphqlError } from '../../../api/graphqlError';
import { fetchMissingFacts, unlessNotFound } from './missingFacts';
import {
  fetchLatestVersion,
  fetchModelByName,
  fetchModelVersions,
  fetchProjectModels,
  fetchVersion,
  resolveViewerResources,
} from './speckleGraphql';

/** Models a fallback `all` or folder reads: the models list's page limit. */
const FALLBACK_MODELS_LIMIT = 100;

/** What a link names: its project and target (where it was found does not matter here). */
type LinkAddress = Pick<SpeckleLink, 'projectId' | 'target'>;

export async function resolveSpeckleLink(
  call: GraphqlCall,
  link: LinkAddress,
): Promise<LinkOutcome> {
  const { projectId } = link;
  const lookup = planLinkLookup(link);
  switch (lookup.kind) {
    case 'none':
      return lookup.outcome;
    case 'version': {
      const { versionId } = lookup;
      const version = await unlessNotFound(
        fetchVersion(call, { projectId, versionId }),
        'version-not-found',
      );
      if (version) return versionOutcome(versionId, version);
      return { kind: 'nothing-matched', unmatched: [versionNotInProject(versionId)] };
    }
    case 'model-by-name': {
      const { name } = lookup;
      const model = await unlessNotFound(
        fetchModelByName(call, { projectId, name }),
        'model-not-found',
      );
      if (model) return modelNameOutcome(lookup.opens, model.id);
      return { kind: 'nothing-matched', unmatched: [modelNameNotInProject(name)] };
    }
    case 'latest-version': {
      const version = await fetchLatestVersion(call, { projectId });
      return version ? versionOutcome(version.id, version) : { kind: 'project' };
    }
    case 'viewer-resources': {
      const resources = link.target.kind === 'resources' ? link.target.resources : [];
      const answer = await answerViewerResources(call, projectId, lookup, resources);
      const unmatched = unmatchedResources(resources, answer);
      return readViewerAnswer(
        resources,
        answer,
        await fetchMissingFacts(call, projectId, unmatched),
      );
    }
  }
}

async function answerViewerResources(
  call: GraphqlCall,
  projectId: string,
  lookup: { resourceIdString: string; modelIds: string[] },
  resources: readonly ViewerResource[],
): Promise<ViewerAnswer> {
  try {
    const answer = await resolveViewerResources(call, { projectId, ...lookup });
    const projectModelIds = answer.projectModels.map((model) => model.id);
    return { groups: answer.groups, projectModelIds };
  } catch (error) {
    if (!isGraphqlError(error) || error.kind !== 'unsupported') throw error;
    return askEntryByEntry(call, projectId, resources);
  }
}

/**
 * Ids typed into a field with a project id: a model id, `model@version`, an object id, or a list
 * of them. A version id alone looks like a model id (10 characters); when the project has no such
 * model, it is tried as a version, which costs a round trip more only then.
 */
export async function resolveTypedIds(
  call: GraphqlCall,
  projectId: string,
  text: string,
): Promise<LinkOutcome> {
  const resources = parseViewerResources(text);
  const outcome = await resolveSpeckleLink(call, {
    projectId,
    target: { kind: 'resources', resources },
  });
  const [only] = resources;
  const [missing] = outcome.kind === 'nothing-matched' ? outcome.unmatched : [];
  if (resources.length !== 1 || only?.kind !== 'model' || missing?.kind !== 'no-model') {
    return outcome;
  }
  try {
    const version = await fetchVersion(call, { projectId, versionId: only.modelId });
    return versionOutcome(only.modelId, version);
  } catch (error) {
    if (!isGraphqlError(error) || error.kind !== 'version-not-found') throw error;
    return { kind: 'nothing-matched', unmatched: notAVersionEither([missing]) };
  }
}

type Group = ViewerAnswer['groups'][number];
type EntryAnswer = { group: Group | null; projectModelIds: string[] };

async function askEntryByEntry(
  call: GraphqlCall,
  projectId: string,
  resources: readonly ViewerResource[],
): Promise<ViewerAnswer> {
  const answers = await Promise.all(
    fallbackLookups(resources).map((lookup) =>
      askOne(call, projectId, lookup).catch((error: unknown) => {
        // A missing model or version is an entry that matched nothing, as in the one-trip answer.
        if (isGraphqlError(error) && /^(model|version)-not-found$/.test(error.kind)) {
          return { group: null, projectModelIds: [] };
        }
        throw error;
      }),
    ),
  );
  return {
    groups: answers.flatMap(({ group }) => (group ? [group] : [])),
    projectModelIds: answers.flatMap(({ projectModelIds }) => projectModelIds),
  };
}

async function askOne(
  call: GraphqlCall,
  projectId: string,
  lookup: FallbackLookup,
): Promise<EntryAnswer> {
  const { identifier } = lookup;
  switch (lookup.kind) {
    case 'object': {
      // The object endpoints say whether the project holds it.
      const item = { modelId: null, versionId: null, objectId: lookup.objectId };
      return { group: { identifier, items: [item] }, projectModelIds: [] };
    }
    case 'models': {
      const { models } = await fetchProjectModels(call, {
        projectId,
        limit: FALLBACK_MODELS_LIMIT,
        cursor: null,
      });
      const matching = models.items.filter((model) => model.name.startsWith(lookup.prefix));
      const items = matching.flatMap((model) =>
        model.versions.items.slice(0, 1).map((version) => ({
          modelId: model.id,
          versionId: version.id,
          objectId: version.referencedObject,
        })),
      );
      const group = items.length > 0 ? { identifier, items } : null;
      return { group, projectModelIds: matching.map((model) => model.id) };
    }
    case 'newest-version': {
      const { versions } = await fetchModelVersions(call, {
        projectId,
        modelId: lookup.modelId,
        limit: 1,
        cursor: null,
      });
      const [newest] = versions.items;
      if (!newest) return { group: null, projectModelIds: [] };
      return versionEntry(call, projectId, identifier, newest.id, lookup.modelId, true);
    }
    case 'model-version':
      return versionEntry(call, projectId, identifier, lookup.versionId, lookup.modelId, false);
  }
}

/**
 * `project.version` finds only the project's own versions, which settles whose the model is when
 * the version is `known` to exist (found through the model); otherwise a miss matches nothing.
 */
async function versionEntry(
  call: GraphqlCall,
  projectId: string,
  identifier: string,
  versionId: string,
  modelId: string,
  known: boolean,
): Promise<EntryAnswer> {
  try {
    const version = await fetchVersion(call, { projectId, versionId });
    if (version.model.id !== modelId) return { group: null, projectModelIds: [] };
    const item = { modelId, versionId, objectId: version.referencedObject };
    return { group: { identifier, items: [item] }, projectModelIds: [modelId] };
  } catch (error) {
    // Found through the model, yet not in this project: another project's model.
    if (known && isGraphqlError(error) && error.kind === 'version-not-found') {
      const item = { modelId, versionId, objectId: null };
      return { group: { identifier, items: [item] }, projectModelIds: [] };
    }
    throw error;
  }
}
