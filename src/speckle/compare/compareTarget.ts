/**
 * What "Compare with…" was given: an object id (in the same project) or a link to an object, which
 * may be in another project of the same server. A root on another server is refused: a token is
 * sent only to its own server, and one comparison reads both roots with one.
 */
import { checkObjectId } from '../ids';
import { parseSpeckleLink } from '../links';

export type CompareTarget =
  { ok: true; projectId: string; objectId: string } | { ok: false; reason: string };

export function compareTarget(
  text: string,
  current: { projectId: string; origin: string },
): CompareTarget {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'Enter an object id or a link to an object.' };
  const link = parseSpeckleLink(trimmed);
  if (link) {
    if (link.kind !== 'object') return { ok: false, reason: link.reason };
    if (link.origin !== null && link.origin !== current.origin) {
      return {
        ok: false,
        reason:
          `That object is on ${link.origin}, not on ${current.origin}: both versions must be ` +
          'on the same server to be compared.',
      };
    }
    return { ok: true, projectId: link.projectId, objectId: link.objectId };
  }
  const check = checkObjectId(trimmed);
  if (check.level === 'error') return { ok: false, reason: check.message };
  return { ok: true, projectId: current.projectId, objectId: trimmed };
}
