/** What a link's outcome says when it opens nothing, or opens less than it named. */
import type { LinkOutcome, WithheldVersion } from '../speckle/links/linkResolution';
import type { MissingEntry } from '../speckle/links/missingEntries';
import type { LinkTarget } from '../speckle/links/speckleLink';
import { pluralOf } from '../speckle/counts';

export function nothingToOpenMessage(projectId: string): string {
  return `The link names nothing to open in project ${projectId}.`;
}

/** Why one entry of a link matched nothing, naming its ids. */
export function missingEntryMessage(projectId: string, entry: MissingEntry): string {
  switch (entry.kind) {
    case 'no-version':
      return `Version ${entry.versionId} does not exist in model ${modelName(entry.model)} of project ${projectId}.`;
    case 'no-version-in-project':
      return `Version ${entry.versionId} does not exist in project ${projectId}.`;
    case 'version-of-other-model':
      return `Version ${entry.versionId} belongs to model ${modelName(entry.owner)}, not to model ${entry.modelId}.`;
    case 'no-versions-yet':
      return `Model ${modelName(entry.model)} has no versions yet: there is no root object to open.`;
    case 'no-model':
      if (entry.triedAsVersion) {
        return `Project ${projectId} has no model and no version with the id ${entry.modelId}.`;
      }
      return entry.versionId === null
        ? `Model ${entry.modelId} does not exist in project ${projectId}.`
        : `Model ${entry.modelId} does not exist in project ${projectId}, and version ${entry.versionId} is none of its versions.`;
    case 'no-model-named':
      return `Project ${projectId} has no model named “${entry.name}”.`;
    case 'no-object':
      return `Object ${entry.objectId} is not stored in project ${projectId}.`;
    case 'no-model-with-versions':
      return entry.prefix === null
        ? `No model of project ${projectId} has a version yet.`
        : `No model of project ${projectId} whose name starts with “${entry.prefix}” has a version.`;
  }
}

/** Where to go next after an entry that matched nothing: a link's words and what it opens. */
export function missingEntryStep(
  projectId: string,
  entry: MissingEntry,
): { label: string; target: LinkTarget } | null {
  switch (entry.kind) {
    case 'no-version':
      return {
        label: `Open the versions of model ${entry.model.name}`,
        target: { kind: 'model-versions', modelId: entry.model.id },
      };
    case 'version-of-other-model': {
      const { owner, versionId } = entry;
      return {
        label: `Open version ${versionId} in model ${owner.name}`,
        target: {
          kind: 'resources',
          resources: [{ kind: 'version', modelId: owner.id, versionId }],
        },
      };
    }
    case 'no-version-in-project':
    case 'no-versions-yet':
    case 'no-model':
    case 'no-model-named':
    case 'no-model-with-versions':
      return { label: `Open the models of project ${projectId}`, target: { kind: 'project' } };
    case 'no-object':
      return null;
  }
}

export function withheldMessage(withheld: readonly WithheldVersion[]): string {
  const names = withheld.map((entry) => entry.versionId ?? entry.identifier);
  return `The server withholds the data of ${pluralOf(names.length, 'version', 'versions')} ${quoteList(names)}: ${names.length === 1 ? 'it is' : 'they are'} older than the history limit of the project's plan, so ${names.length === 1 ? 'its root object is' : 'their root objects are'} not available.`;
}

export function otherProjectMessage(projectId: string, modelIds: readonly string[]): string {
  return `${pluralOf(modelIds.length, 'Model', 'Models')} ${quoteList(modelIds)} ${modelIds.length === 1 ? 'belongs' : 'belong'} to another project, not ${projectId}: this app does not follow ${modelIds.length === 1 ? 'it' : 'them'}. Open the link from that model's own project.`;
}

/**
 * The alert for an outcome that opens nothing because of versions withheld or another project's
 * models; null for any other (entries that matched nothing say why one by one: MissingEntries).
 */
export function failedOutcomeMessage(projectId: string, outcome: LinkOutcome): string | null {
  switch (outcome.kind) {
    case 'withheld':
      return withheldMessage(outcome.withheld);
    case 'other-project':
      return otherProjectMessage(projectId, outcome.modelIds);
    default:
      return null;
  }
}

function modelName(model: { id: string; name: string }): string {
  return `“${model.name}” (${model.id})`;
}

function quoteList(items: readonly string[]): string {
  return items.map((item) => `“${item}”`).join(', ');
}
