import type { Address } from './address';
import type { LinkTarget } from '../speckle/links/speckleLink';

const APP_TITLE = 'Speckle Object Explorer';

/** A page's document title: what it shows first, then the app, as tabs and history list it. */
export function documentTitle(subject: string | null): string {
  return subject ? `${subject} · ${APP_TITLE}` : APP_TITLE;
}

/**
 * What an address shows, read from the address alone: a page that learns more (a model's name,
 * the files opened) names it better once it knows (shared/documentTitle.ts).
 */
export function addressSubject(address: Address): string | null {
  switch (address.kind) {
    case 'home':
      return null;
    case 'unknown':
      return 'No such page';
    case 'unreadable-link':
      return 'Unreadable link';
    case 'files':
      return withShown('Opened files', address.shownId);
    case 'compare':
      return `Compare ${address.fromId} with ${address.toId}`;
    case 'object': {
      const what = `Object ${address.objectId}${address.mode === 'children' ? ' with children' : ''}`;
      return withShown(what, address.shownId);
    }
    case 'link': {
      const { projectId, target } = address.link;
      const what =
        target.kind === 'project'
          ? `Project ${projectId}`
          : `${targetSubject(target)} in project ${projectId}`;
      return withShown(what, address.shownId);
    }
  }
}

function withShown(subject: string, shownId: string | null): string {
  return shownId ? `Object ${shownId} in ${subject[0]!.toLowerCase()}${subject.slice(1)}` : subject;
}

function targetSubject(target: Exclude<LinkTarget, { kind: 'project' }>): string {
  switch (target.kind) {
    case 'model-versions':
      return `Versions of model ${target.modelId}`;
    case 'version':
      return `Version ${target.versionId}`;
    case 'model-name':
      return `Model ${target.name}`;
    case 'latest-version':
      return 'Latest version';
    case 'resources':
      return target.resources
        .map((resource) => {
          switch (resource.kind) {
            case 'model':
              return `Model ${resource.modelId}`;
            case 'version':
              return `Model ${resource.modelId}@${resource.versionId}`;
            case 'object':
              return `Object ${resource.objectId}`;
            case 'all':
              return 'All models';
            case 'folder':
              return `Models in ${resource.prefix}`;
          }
        })
        .join(', ');
  }
}
