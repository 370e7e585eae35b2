/**
 * Asks the server what it knows of the models and versions named by link entries that matched
 * nothing (speckle/missingEntries.ts): each model by id, each version in the project
 * (`project.version`, with its model). A miss is a fact too; other failures are thrown.
 */
import type { GraphqlCall } from '../../../api/graphqlClient';
import { isGraphqlError, type GraphqlErrorKind } from '../../../api/graphqlError';
import { fetchModel, fetchModelByName, fetchVersion, type ModelRef } from './speckleGraphql';
import { missingFactsToAsk, type MissingFacts } from '../../../speckle/links/missingEntries';
import type { ViewerResource } from '../../../speckle/links/speckleLink';

export async function fetchMissingFacts(
  call: GraphqlCall,
  projectId: string,
  unmatched: readonly ViewerResource[],
): Promise<MissingFacts> {
  const { modelIds, versionIds } = missingFactsToAsk(unmatched);
  const [models, versions] = await Promise.all([
    Promise.all(modelIds.map((modelId) => fetchProjectModel(call, projectId, modelId))),
    Promise.all(
      versionIds.map((versionId) =>
        unlessNotFound(fetchVersion(call, { projectId, versionId }), 'version-not-found'),
      ),
    ),
  ]);
  return {
    models: new Map(models.flatMap((model) => (model ? [[model.id, model]] : []))),
    versions: new Map(versions.flatMap((version) => (version ? [[version.id, version]] : []))),
  };
}

/** Whose model an id names: this project's, another project's, or no model at all. */
type ModelOwnership =
  { kind: 'this-project'; model: ModelRef } | { kind: 'other-project' } | { kind: 'none' };

/**
 * `model(id)` finds another project's model too, and older servers do not say whose it is;
 * `modelByName` looks in this project only, so the model is this project's if that finds it.
 */
export async function fetchModelOwnership(
  call: GraphqlCall,
  projectId: string,
  modelId: string,
): Promise<ModelOwnership> {
  const model = await unlessNotFound(fetchModel(call, { projectId, modelId }), 'model-not-found');
  if (!model) return { kind: 'none' };
  const named = await unlessNotFound(
    fetchModelByName(call, { projectId, name: model.name }),
    'model-not-found',
  );
  return named?.id === model.id ? { kind: 'this-project', model } : { kind: 'other-project' };
}

async function fetchProjectModel(
  call: GraphqlCall,
  projectId: string,
  modelId: string,
): Promise<ModelRef | null> {
  const ownership = await fetchModelOwnership(call, projectId, modelId);
  return ownership.kind === 'this-project' ? ownership.model : null;
}

/** What `asked` answers, or null when it fails as `notFound`: a miss is a fact too. */
export async function unlessNotFound<T>(
  asked: Promise<T>,
  notFound: GraphqlErrorKind,
): Promise<T | null> {
  try {
    return await asked;
  } catch (error) {
    if (isGraphqlError(error) && error.kind === notFound) return null;
    throw error;
  }
}
