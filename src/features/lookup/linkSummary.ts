/**
 * What a pasted link names, said in the form before anything is asked: the project, models,
 * versions or objects, and the server when it is not the selected one.
 */
import type { LinkTarget, SpeckleLink, ViewerResource } from '../../speckle/links/speckleLink';

/** Links with no object to get: the form offers "Open" for them. */
export function opensListing(target: LinkTarget): boolean {
  return target.kind === 'project' || target.kind === 'model-versions';
}

/** The name of the "Open" button of a link that `opensListing`. */
export function openButtonName(link: SpeckleLink): string {
  return link.target.kind === 'model-versions'
    ? `Open the versions of model ${link.target.modelId}`
    : `Open project ${link.projectId}`;
}

/**
 * "The link names version v of model m in project p, on https://host (not saved: …)." followed by
 * what the form's buttons do with it.
 */
export function linkSummary(
  link: SpeckleLink,
  otherServer: { address: string; saved: boolean } | null,
): string {
  const what =
    link.target.kind === 'project'
      ? `project ${link.projectId}`
      : `${targetText(link.target)} in project ${link.projectId}`;
  const where = otherServer
    ? `, on ${otherServer.address}${otherServer.saved ? '' : ' (not a saved server: you will be asked to add it before anything is sent to it)'}`
    : '';
  const action = opensListing(link.target)
    ? 'Open shows it.'
    : 'Get with children opens it with its children, Get object its root alone.';
  return `The link names ${what}${where}. ${action}`;
}

function targetText(target: Exclude<LinkTarget, { kind: 'project' }>): string {
  switch (target.kind) {
    case 'resources':
      return listText(target.resources.map(resourceText));
    case 'model-versions':
      return `the versions of model ${target.modelId}`;
    case 'version':
      return `version ${target.versionId}`;
    case 'model-name':
      return `the model named “${target.name}”`;
    case 'latest-version':
      return 'the newest version';
  }
}

function resourceText(resource: ViewerResource): string {
  switch (resource.kind) {
    case 'model':
      return `the newest version of model ${resource.modelId}`;
    case 'version':
      return `version ${resource.versionId} of model ${resource.modelId}`;
    case 'object':
      return `object ${resource.objectId}`;
    case 'all':
      return 'every model';
    case 'folder':
      return `the models under “${resource.prefix}”`;
  }
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
