import { parseDeferringLarge } from '../../bytes/lazyObject';
import { TextTooLargeError } from '../../speckle/textLimit';

export type ParseResult =
  | { ok: true; value: object }
  | { ok: false; error: string }
  /** The text is too large to read as one (speckle/textLimit.ts): why, in words. */
  | { ok: false; tooLarge: string };

/**
 * An object's text and its parse, as ObjectView shows them. `read` gives the text exactly as
 * received, and may decode it anew on each call (a with-children set keeps bytes, not texts): the
 * view asks for it when it needs it rather than hold it, for a model's root is megabytes of text.
 */
export interface ObjectSource {
  read(): string;
  parsed: ParseResult;
}

/** Reads and parses the text now; only the parse is kept. */
export function objectSource(read: () => string): ObjectSource {
  return readObjectSource(read).parse();
}

/**
 * Reads the text now, and parses it when `parse` is called: a megabytes-long text is read in one
 * task and parsed in the next, so that neither is long.
 */
export function readObjectSource(read: () => string): { parse(): ObjectSource } {
  let raw: string;
  try {
    raw = read();
  } catch (error) {
    if (!(error instanceof TextTooLargeError)) throw error;
    const tooLarge = error.message;
    return { parse: () => ({ read, parsed: { ok: false, tooLarge } }) };
  }
  return { parse: () => ({ read, parsed: parseJson(raw, read) }) };
}

function parseJson(raw: string, reread: () => string): ParseResult {
  try {
    const value = parseDeferringLarge(raw, { reread });
    return typeof value === 'object' && value !== null
      ? { ok: true, value }
      : { ok: false, error: 'not an object' };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
