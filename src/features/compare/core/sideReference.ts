/**
 * One side of a comparison as a ticket names it: an object id, a version id, `model@version` or a
 * model id (its newest version). The compare route carries the id as given (a link is read into
 * one by compareTarget.ts), so a reload or a shared address resolves it again; an object id needs
 * no GraphQL (the object endpoints fetch it as before).
 */
import { checkObjectId, checkProjectId, namesModelsOrVersions } from '../../../speckle/ids';
import { parseViewerResources, type ViewerResource } from '../../../speckle/links/speckleLink';

type SideReference =
  | { kind: 'object'; objectId: string }
  /** A model, `model@version`, or a 10-character id that is a model's or else a version's. */
  | { kind: 'resource'; resource: ViewerResource };

export type SideName = 'first' | 'second';

export type Reading<T> = ({ ok: true } & T) | { ok: false; reason: string };

export const ONE_PER_SIDE =
  'Each side takes one object id (32 characters), version id, model@version or model id ' +
  '(10 characters).';

/** A compare route's side, as the route's segment holds it. */
export function readSideReference(text: string): Reading<{ side: SideReference }> {
  const trimmed = text.trim();
  if (namesModelsOrVersions(trimmed)) {
    const resources = parseViewerResources(trimmed);
    const [only] = resources;
    if (resources.length !== 1 || !only) {
      return {
        ok: false,
        reason: `It names ${resources.length} models or versions. ${ONE_PER_SIDE}`,
      };
    }
    return { ok: true, side: { kind: 'resource', resource: only } };
  }
  const check = checkObjectId(text);
  if (check.level === 'error') {
    return { ok: false, reason: `${check.message} ${ONE_PER_SIDE}` };
  }
  return { ok: true, side: { kind: 'object', objectId: trimmed } };
}

/** Why a compare route cannot be resolved, naming the side or project at fault; null if none. */
export function compareRouteProblem(route: {
  projectId: string;
  toProjectId: string;
  fromId: string;
  toId: string;
}): string | null {
  for (const projectId of new Set([route.projectId, route.toProjectId])) {
    const check = checkProjectId(projectId);
    if (check.level === 'error') return `Check the project id “${projectId}”: ${check.message}`;
  }
  const sides: [SideName, string][] = [
    ['first', route.fromId],
    ['second', route.toId],
  ];
  for (const [name, text] of sides) {
    const reading = readSideReference(text);
    if (!reading.ok)
      return `Check the ${name} side of the comparison, “${text}”: ${reading.reason}`;
  }
  return null;
}
