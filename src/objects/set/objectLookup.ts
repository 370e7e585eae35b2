/**
 * Parsed objects of a loaded set, parsed the first time something asks (a reference's title, a
 * node opened in the recomposed view) and kept while the object view lives: the set itself keeps
 * only text.
 */
import type { Lookup } from '../../speckle/resolve';
import { isTextTooLarge } from '../../speckle/textLimit';
import { objectTitle } from '../../speckle/titles';
import { shortTypeName } from '../../speckle/types';

export interface ObjectTexts {
  raw(id: string): string | undefined;
  summary(id: string): { speckleType: string; bytes: number } | undefined;
}

/** Above this, a reference's title uses the indexed type alone rather than parse the target. */
const TITLE_PARSE_LIMIT = 64 * 1024;

export interface ParsedObjects {
  lookup: Lookup;
  /**
   * `lookup` with a budget: it throws ReadLimitError once the texts of the objects asked for add
   * up to more than `maxBytes`, each time an object is asked for counting again. Recomposing a
   * part for the clipboard stops there rather than parse a whole model for a copy that would be
   * refused.
   */
  lookupWithin(maxBytes: number): Lookup;
  /** Short type and name of an object, or null when the set does not hold it. */
  title(id: string): string | null;
}

export function parsedObjects(texts: ObjectTexts): ParsedObjects {
  const parsed = new Map<string, unknown>();
  const lookup: Lookup = (id) => {
    if (parsed.has(id)) return parsed.get(id);
    // A text too large to read is, to recomposition, as good as absent.
    if (isTextTooLarge(texts.summary(id)?.bytes ?? 0)) return undefined;
    const raw = texts.raw(id);
    // Not kept: the object may arrive, or its text reach the page, later in the load.
    if (raw === undefined) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      // A line that is not JSON was kept as received; to recomposition it is as good as absent.
      value = undefined;
    }
    parsed.set(id, value);
    return value;
  };
  return {
    lookup,
    lookupWithin(maxBytes) {
      let asked = 0;
      return (id) => {
        asked += texts.summary(id)?.bytes ?? 0;
        if (asked > maxBytes) throw new ReadLimitError(maxBytes);
        return lookup(id);
      };
    },
    title(id) {
      const summary = texts.summary(id);
      if (!summary) return null;
      const type = shortTypeName(summary.speckleType);
      if (summary.bytes > TITLE_PARSE_LIMIT) return type;
      const { title } = objectTitle(lookup(id));
      return title === type ? type : `${type} ${title}`;
    },
  };
}

/** Thrown by a `lookupWithin` lookup: the objects asked for add up to more than its budget. */
export class ReadLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The objects asked for add up to more than ${maxBytes} bytes.`);
    this.name = 'ReadLimitError';
  }
}
