/**
 * Why an entry of a link matched nothing. `viewerResourcesExtended` leaves such an entry out
 * without a word, whether its model does not exist, has no versions yet, or its version does not
 * exist or belongs to another model (shared/speckle-graphql.md); what the server says of the
 * entry's model (`project.model(id)`) and version (`project.version(id)`, which names the version's
 * model) tells these apart. Pure: the questions are features/links/graphql/missingFacts.ts's.
 */
import { formatViewerResources, type ViewerResource } from './speckleLink';

interface ModelName {
  id: string;
  /** The full name with its folders, `structure/levels`. */
  name: string;
}

export type MissingEntry =
  /** The model exists; the version is none of the project's. */
  | { kind: 'no-version'; identifier: string; model: ModelName; versionId: string }
  /** A version named without its model (a legacy commit, an embed's commit): none of the project's. */
  | { kind: 'no-version-in-project'; identifier: string; versionId: string }
  /** The version exists, made in another model of the project than the link says. */
  | {
      kind: 'version-of-other-model';
      identifier: string;
      modelId: string;
      versionId: string;
      owner: ModelName;
    }
  /** The model exists and has no version yet: it has no root object. */
  | { kind: 'no-versions-yet'; identifier: string; model: ModelName }
  /**
   * The project has no such model (with the version the link names, if it names one). A lone id
   * typed without `@` was `triedAsVersion` too: it is none of the project's versions either.
   */
  | {
      kind: 'no-model';
      identifier: string;
      modelId: string;
      versionId: string | null;
      triedAsVersion: boolean;
    }
  /** A model named by its full name (a legacy or embedded branch) that the project does not have. */
  | { kind: 'no-model-named'; identifier: string; name: string }
  | { kind: 'no-object'; identifier: string; objectId: string }
  /** `all` (prefix null) or a folder, `$prefix`: no model there has a version. */
  | { kind: 'no-model-with-versions'; identifier: string; prefix: string | null };

/** What the server said of the models and versions that entries which matched nothing name. */
export interface MissingFacts {
  /** The project's models found by id (another project's model is not one of them). */
  models: ReadonlyMap<string, ModelName>;
  /** The project's versions found by id, with their model. */
  versions: ReadonlyMap<string, { model: ModelName }>;
}

/** The models and versions to ask about, each once, to explain why `unmatched` matched nothing. */
export function missingFactsToAsk(unmatched: readonly ViewerResource[]): {
  modelIds: string[];
  versionIds: string[];
} {
  const modelIds = new Set<string>();
  const versionIds = new Set<string>();
  for (const resource of unmatched) {
    if (resource.kind === 'model' || resource.kind === 'version') modelIds.add(resource.modelId);
    if (resource.kind === 'version') versionIds.add(resource.versionId);
  }
  return { modelIds: [...modelIds], versionIds: [...versionIds] };
}

/** Why `resource` matched nothing, from the facts; a model or version not among them was not found. */
export function explainMissing(resource: ViewerResource, facts: MissingFacts): MissingEntry {
  const identifier = formatViewerResources([resource]);
  switch (resource.kind) {
    case 'object':
      return { kind: 'no-object', identifier, objectId: resource.objectId };
    case 'all':
      return { kind: 'no-model-with-versions', identifier, prefix: null };
    case 'folder':
      return { kind: 'no-model-with-versions', identifier, prefix: resource.prefix };
    case 'model': {
      const model = facts.models.get(resource.modelId);
      // A model of the project that matched nothing has no version: its newest would match.
      if (model) return { kind: 'no-versions-yet', identifier, model };
      return modelNotInProject(resource.modelId);
    }
    case 'version': {
      const { modelId, versionId } = resource;
      const owner = facts.versions.get(versionId)?.model;
      if (owner && owner.id !== modelId) {
        return { kind: 'version-of-other-model', identifier, modelId, versionId, owner };
      }
      const model = facts.models.get(modelId);
      if (model) return { kind: 'no-version', identifier, model, versionId };
      return { kind: 'no-model', identifier, modelId, versionId, triedAsVersion: false };
    }
  }
}

/** A model id the project has no model for (another project's model is not the project's). */
export function modelNotInProject(modelId: string): MissingEntry {
  return { kind: 'no-model', identifier: modelId, modelId, versionId: null, triedAsVersion: false };
}

/** A version id named without a model that is none of the project's versions. */
export function versionNotInProject(versionId: string): MissingEntry {
  return { kind: 'no-version-in-project', identifier: versionId, versionId };
}

/** A model's full name the project has no model by. */
export function modelNameNotInProject(name: string): MissingEntry {
  return { kind: 'no-model-named', identifier: name, name };
}

/** The entries once a lone id that matched no model was asked for as a version, and was none. */
export function notAVersionEither(entries: readonly MissingEntry[]): MissingEntry[] {
  return entries.map((entry) =>
    entry.kind === 'no-model' && entry.versionId === null
      ? { ...entry, triedAsVersion: true }
      : entry,
  );
}
