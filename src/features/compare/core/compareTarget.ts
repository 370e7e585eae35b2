/**
 * What "Compare with…" was given, as a compare route's project and side (sideReference.ts): an
 * id (in the current project) or a link to an object, version or model, which may be in another
 * project of the same server. A link to another server is refused: a token is sent only to its own
 * server, and one comparison reads both sides with one.
 */
import type { Address } from '../../../routes/address';
import {
  formatViewerResources,
  parseSpeckleLink,
  type LinkTarget,
} from '../../../speckle/links/speckleLink';
import { ONE_PER_SIDE, readSideReference, type Reading } from './sideReference';

type CompareTarget = Reading<{ projectId: string; sideId: string }>;

export function compareTarget(
  text: string,
  current: { projectId: string; origin: string },
): CompareTarget {
  const trimmed = text.trim();
  if (trimmed === '') {
    return { ok: false, reason: 'Enter an object, version or model id, or a link to one.' };
  }
  const link = parseSpeckleLink(trimmed);
  if (link) {
    if (link.origin !== null && link.origin !== current.origin) {
      return {
        ok: false,
        reason:
          `That link is to ${link.origin}, not to ${current.origin}: both sides must be on the ` +
          'same server to be compared.',
      };
    }
    const sideId = sideIdOf(link.target);
    if (sideId === null) {
      return { ok: false, reason: `That link names ${namedBy(link.target)}. ${ONE_PER_SIDE}` };
    }
    return { ok: true, projectId: link.projectId, sideId };
  }
  const reading = readSideReference(trimmed);
  if (!reading.ok) return reading;
  return { ok: true, projectId: current.projectId, sideId: trimmed.toLowerCase() };
}

/**
 * The side a result's address names, when it names it otherwise than by its root object: the
 * version or model of a Speckle link (`model@version`, a model), so that a comparison started
 * there says which version it is; null at an object's own address.
 */
export function addressSide(address: Address, projectId: string): string | null {
  if (address.kind !== 'link' || address.link.projectId !== projectId) return null;
  return sideIdOf(address.link.target);
}

/** The route segment for a link that names one side; null for a link that names no one root. */
function sideIdOf(target: LinkTarget): string | null {
  switch (target.kind) {
    case 'resources': {
      const [only] = target.resources;
      const single = target.resources.length === 1 && only;
      return single && only.kind !== 'all' && only.kind !== 'folder'
        ? formatViewerResources([only])
        : null;
    }
    // A legacy commit: the version id alone resolves as typed ids do.
    case 'version':
      return target.versionId;
    // The model's version list: the model, whose newest version its link opens.
    case 'model-versions':
      return target.modelId;
    default:
      return null;
  }
}

function namedBy(target: LinkTarget): string {
  switch (target.kind) {
    case 'project':
      return 'a whole project';
    case 'latest-version':
      return "a project's newest version of any model";
    case 'model-name':
      return `the model “${target.name}” by its name; use its link from the web app or its id`;
    default:
      return 'several models, versions or objects';
  }
}
