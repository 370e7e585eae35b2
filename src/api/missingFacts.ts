/**
 * Asks the server what it knows of the models and versions named by link entries that matched
 * nothing (speckle/missingEntries.ts): each model by id, each version in the project
 * (`project.version`, with its model). A miss is a fact too; other failures are thrown.
 */
import type { GraphqlCall } from './graphqlClient';
import { isGraphqlError, type GraphqlErrorKind } from './graphqlError';
import { fetchModel, fetchModelByName, fetchVersion, type ModelRef } from './speckleGraphql';
import { missingFactsToAsk, type MissingFacts } from '../speckle/missingEntries';
import type { ViewerResource } from '../speckle/speckleLink';

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

/**
 * `model(id)` finds another project's model too, and older servers do not say whose it is;
 * `modelByName` looks in this project only, so the model is this project's if that finds it.
 */
async function fetchProjectModel(
  call: GraphqlCall,
  projectId: string,
  modelId: string,
): Promise<ModelRef | null> {
  const model = await unlessNotFound(fetchModel(call, { projectId, modelId }), 'model-not-found');
  if (!model) return null;
  const named = await unlessNotFound(
    fetchModelByName(call, { projectId, name: model.name }),
    'model-not-found',
  );
  return named?.id === model.id ? model : null;
}

async function unlessNotFound<T>(asked: Promise<T>, notFound: GraphqlErrorKind): Promise<T | null> {
  try {
    return await asked;
  } catch (error) {
    if (isGraphqlError(error) && error.kind === notFound) return null;
    throw error;
  }
}
