/** What a link's outcome says when it opens nothing, or opens less than it named. */
import type { LinkOutcome, WithheldVersion } from '../../speckle/linkResolution';
import { pluralOf } from '../../speckle/counts';

export function unmatchedMessage(projectId: string, unmatched: readonly string[]): string {
  if (unmatched.length === 0) return `The link names nothing to open in project ${projectId}.`;
  return `Nothing in project ${projectId} matched ${quoteList(unmatched)}: no such model, version or object there, or a model without versions.`;
}

export function withheldMessage(withheld: readonly WithheldVersion[]): string {
  const names = withheld.map((entry) => entry.versionId ?? entry.identifier);
  return `The server withholds the data of ${pluralOf(names.length, 'version', 'versions')} ${quoteList(names)}: ${names.length === 1 ? 'it is' : 'they are'} older than the history limit of the project's plan, so ${names.length === 1 ? 'its root object is' : 'their root objects are'} not available.`;
}

export function otherProjectMessage(projectId: string, modelIds: readonly string[]): string {
  return `${pluralOf(modelIds.length, 'Model', 'Models')} ${quoteList(modelIds)} ${modelIds.length === 1 ? 'belongs' : 'belong'} to another project, not ${projectId}: this app does not follow ${modelIds.length === 1 ? 'it' : 'them'}. Open the link from that model's own project.`;
}

/** The alert for an outcome that opens nothing; null for one that opens something. */
export function failedOutcomeMessage(projectId: string, outcome: LinkOutcome): string | null {
  switch (outcome.kind) {
    case 'nothing-matched':
      return unmatchedMessage(projectId, outcome.unmatched);
    case 'withheld':
      return withheldMessage(outcome.withheld);
    case 'other-project':
      return otherProjectMessage(projectId, outcome.modelIds);
    default:
      return null;
  }
}

function quoteList(items: readonly string[]): string {
  return items.map((item) => `“${item}”`).join(', ');
}
