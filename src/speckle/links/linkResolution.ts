/**
 * What a parsed Speckle link needs from the server, and what the server's answers mean for it: the
 * root objects to open, a page to browse, or why nothing can be opened. Pure: the requests
 * themselves are features/links/graphql/resolveLink.ts's.
 *
 * Viewer links are resolved in one round trip (`viewerResourcesExtended`, with the link's model ids
 * checked against the project); a legacy commit, branch or bare embed needs one lookup of its own;
 * project and version-list links need none. An older server without `viewerResourcesExtended` is
 * asked entry by entry instead (fallbackLookups).
 */
import {
  formatViewerResources,
  type ModelNameOpens,
  type ProjectLink,
  type SpeckleLink,
  type ViewerResource,
} from './speckleLink';
import { explainMissing, type MissingEntry, type MissingFacts } from './missingEntries';

/** A root object a link names, with the model and version it comes from (null for an object). */
export interface LinkRoot {
  /** The link entry it answers, as the server echoes it: `model@version`, `all`, `$folder`. */
  identifier: string;
  modelId: string | null;
  versionId: string | null;
  objectId: string;
}

/** The viewer resource that names just this root: `model@version`, or the object itself. */
export function rootResource(root: Omit<LinkRoot, 'identifier'>): ViewerResource {
  return root.modelId && root.versionId
    ? { kind: 'version', modelId: root.modelId, versionId: root.versionId }
    : { kind: 'object', objectId: root.objectId };
}

/**
 * The link that names just this root: what its viewer address reads as, and what its resolution
 * is kept in the cache under by whoever already knows the root.
 */
export function rootLink(projectId: string, root: Omit<LinkRoot, 'identifier'>): ProjectLink {
  return { projectId, target: { kind: 'resources', resources: [rootResource(root)] } };
}

/** What the link `/projects/{p}/models/{rootResource}` resolves to: this one root. */
export function rootOutcome(root: Omit<LinkRoot, 'identifier'>): LinkOutcome {
  const identifier = formatViewerResources([rootResource(root)]);
  return { kind: 'roots', roots: [{ ...root, identifier }], unmatched: [], withheld: [] };
}

/** A version the link names whose data the server withholds (beyond the plan's history limit). */
export interface WithheldVersion {
  identifier: string;
  modelId: string | null;
  versionId: string | null;
}

export type LinkOutcome =
  /** One root opens directly; several are offered as a choice. Notes on entries that failed. */
  | { kind: 'roots'; roots: LinkRoot[]; unmatched: MissingEntry[]; withheld: WithheldVersion[] }
  | { kind: 'project' }
  | { kind: 'model-versions'; modelId: string }
  /** A model to open as its viewer link does, on its newest version (an embedded branch). */
  | { kind: 'model'; modelId: string }
  /** Entries that resolved to nothing, each with why (missingEntries.ts). */
  | { kind: 'nothing-matched'; unmatched: MissingEntry[] }
  | { kind: 'withheld'; withheld: WithheldVersion[] }
  /** Model ids of another project: the server resolves them; this app refuses to follow them. */
  | { kind: 'other-project'; modelIds: string[] };

type LinkLookup =
  | { kind: 'viewer-resources'; resourceIdString: string; modelIds: string[] }
  | { kind: 'version'; versionId: string }
  | { kind: 'model-by-name'; name: string; opens: ModelNameOpens }
  | { kind: 'latest-version' }
  | { kind: 'none'; outcome: LinkOutcome };

/** The one request a link needs, or its outcome when it needs none. */
export function planLinkLookup(link: Pick<SpeckleLink, 'target'>): LinkLookup {
  const { target } = link;
  switch (target.kind) {
    case 'project':
      return { kind: 'none', outcome: { kind: 'project' } };
    case 'model-versions':
      return { kind: 'none', outcome: { kind: 'model-versions', modelId: target.modelId } };
    case 'version':
      return { kind: 'version', versionId: target.versionId };
    case 'model-name':
      return { kind: 'model-by-name', name: target.name, opens: target.opens };
    case 'latest-version':
      return { kind: 'latest-version' };
    case 'resources':
      return {
        kind: 'viewer-resources',
        resourceIdString: formatViewerResources(target.resources),
        modelIds: explicitModelIds(target.resources),
      };
  }
}

/** What a link naming a model by name opens, once the server has said the model's id. */
export function modelNameOutcome(opens: ModelNameOpens, modelId: string): LinkOutcome {
  return opens === 'versions' ? { kind: 'model-versions', modelId } : { kind: 'model', modelId };
}

/** Models the link names by id: those must belong to the link's project. */
function explicitModelIds(resources: readonly ViewerResource[]): string[] {
  const ids = resources.flatMap((resource) =>
    resource.kind === 'model' || resource.kind === 'version' ? [resource.modelId] : [],
  );
  return [...new Set(ids)];
}

/** The parts of `viewerResourcesExtended`'s answer (and the models check) this reads. */
export interface ViewerAnswer {
  groups: ReadonlyArray<{
    identifier: string;
    items: ReadonlyArray<{
      modelId: string | null;
      versionId: string | null;
      objectId: string | null;
    }>;
  }>;
  /** The link's model ids found among the project's own models. */
  projectModelIds: readonly string[];
}

/** The link's entries the answer has no group for: the server says nothing of why. */
export function unmatchedResources(
  resources: readonly ViewerResource[],
  answer: Pick<ViewerAnswer, 'groups'>,
): ViewerResource[] {
  const answered = new Set(answer.groups.map((group) => group.identifier));
  return resources.filter((resource) => !answered.has(formatViewerResources([resource])));
}

/** The outcome of the answer, `facts` saying why each entry that matched nothing did. */
export function readViewerAnswer(
  resources: readonly ViewerResource[],
  answer: ViewerAnswer,
  facts: MissingFacts,
): LinkOutcome {
  const foreign = explicitModelIds(resources).filter(
    (id) =>
      !answer.projectModelIds.includes(id) &&
      answer.groups.some((group) => group.items.some((item) => item.modelId === id)),
  );
  if (foreign.length > 0) return { kind: 'other-project', modelIds: foreign };

  const roots: LinkRoot[] = [];
  const withheld: WithheldVersion[] = [];
  const seen = new Set<string>();
  for (const { identifier, items } of answer.groups) {
    for (const { modelId, versionId, objectId } of items) {
      if (objectId === null) withheld.push({ identifier, modelId, versionId });
      // `all` and a folder can name a version a model entry names too: offer it once.
      else if (!seen.has(objectId)) {
        seen.add(objectId);
        roots.push({ identifier, modelId, versionId, objectId });
      }
    }
  }
  const unmatched = unmatchedResources(resources, answer).map((resource) =>
    explainMissing(resource, facts),
  );
  if (roots.length > 0) return { kind: 'roots', roots, unmatched, withheld };
  if (withheld.length > 0) return { kind: 'withheld', withheld };
  return { kind: 'nothing-matched', unmatched };
}

/** A single version the server named (a legacy commit, the newest of a project) as an outcome. */
export function versionOutcome(
  identifier: string,
  version: { id: string; referencedObject: string | null; model: { id: string } },
): LinkOutcome {
  const { id: versionId, referencedObject, model } = version;
  if (referencedObject === null) {
    return { kind: 'withheld', withheld: [{ identifier, modelId: model.id, versionId }] };
  }
  const root = { identifier, modelId: model.id, versionId, objectId: referencedObject };
  return { kind: 'roots', roots: [root], unmatched: [], withheld: [] };
}

/**
 * For a server without `viewerResourcesExtended`: what to ask about each entry. Objects need no
 * question (the object endpoints answer for them); `all` and folders read the models list, whose
 * entries carry their newest version.
 */
export type FallbackLookup =
  | { kind: 'newest-version'; identifier: string; modelId: string }
  | { kind: 'model-version'; identifier: string; modelId: string; versionId: string }
  | { kind: 'models'; identifier: string; prefix: string }
  | { kind: 'object'; identifier: string; objectId: string };

export function fallbackLookups(resources: readonly ViewerResource[]): FallbackLookup[] {
  return resources.map((resource) => {
    const identifier = formatViewerResources([resource]);
    switch (resource.kind) {
      case 'model':
        return { kind: 'newest-version', identifier, modelId: resource.modelId };
      case 'version':
        return {
          kind: 'model-version',
          identifier,
          modelId: resource.modelId,
          versionId: resource.versionId,
        };
      case 'all':
        return { kind: 'models', identifier, prefix: '' };
      case 'folder':
        return { kind: 'models', identifier, prefix: resource.prefix };
      case 'object':
        return { kind: 'object', identifier, objectId: resource.objectId };
    }
  });
}
