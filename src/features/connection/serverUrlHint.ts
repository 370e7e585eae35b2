/**
 * The line under Server URL: before any lookup, what a lookup will try (nothing is checked while
 * the address is typed); once a lookup got an answer, the address that gave it.
 */
import { alternateBase, parseServerUrl } from '../../speckle/serverUrl';

interface ServerUrlHint {
  text: string;
  isError: boolean;
}

export function serverUrlHint(
  url: string,
  workingBase: string | null,
  hasAnswered: (base: string) => boolean,
): ServerUrlHint {
  if (url.trim() === '') {
    return { text: 'The address you open Speckle at, or a link copied from it.', isError: false };
  }
  const parsed = parseServerUrl(url);
  if (!parsed.ok) return { text: parsed.error, isError: true };
  const { base, note } = parsed;
  const prefix = note ? `${note}. ` : '';
  if (workingBase !== null && workingBase !== base) {
    return {
      text: `${base} did not answer as a Speckle API, ${workingBase} did: using that.`,
      isError: false,
    };
  }
  if (hasAnswered(base)) {
    return { text: `${prefix}A Speckle server answered at ${base}/objects/….`, isError: false };
  }
  return {
    text: `${prefix}Not checked yet: a lookup tries ${base}/objects/…, then ${alternateBase(base)}/objects/….`,
    isError: false,
  };
}
