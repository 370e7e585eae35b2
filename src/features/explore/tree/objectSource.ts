import { decodePieces, flatClosureSpan, textWithoutClosure } from '../../../bytes/closureAside';
import {
  DEFER_FROM_LENGTH,
  DeferredJson,
  parseDeferringLarge,
  SCAN_FROM_LENGTH,
} from '../../../bytes/lazyObject';
import { TextTooLargeError } from '../../../speckle/textLimit';
import { errorText } from '../../../lib/errorText';

type ParseResult =
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
 * task and parsed in the next, so that neither is long. With `pieces`, its bytes as received, a
 * root's big closure is passed over (closureAside).
 */
export function readObjectSource(
  read: () => string,
  pieces?: () => readonly Uint8Array[],
): { parse(): ObjectSource } {
  const aside = pieces && closureAside(read, pieces);
  if (aside) return aside;
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
    return { ok: false, error: errorText(error) };
  }
}

/**
 * A root whose closure is big (bytes/closureAside.ts): the rest of its text is decoded now and
 * parsed when asked, the closure's only when its field is opened, from the bytes again. Null for
 * any other object, read whole.
 */
function closureAside(
  read: () => string,
  pieces: () => readonly Uint8Array[],
): { parse(): ObjectSource } | null {
  const encoded = pieces();
  const bytes = encoded.reduce((sum, piece) => sum + piece.length, 0);
  const span = bytes >= SCAN_FROM_LENGTH ? flatClosureSpan(encoded) : null;
  if (!span || span.end - span.start < DEFER_FROM_LENGTH) return null;
  const rest = () => textWithoutClosure(pieces(), span);
  const raw = rest();
  return {
    parse: () => {
      const parsed = parseJson(raw, rest);
      // Not JSON around the closure (or a closure cut short, flatClosureSpan): read whole.
      if (!parsed.ok) return readObjectSource(read).parse();
      const closure = new DeferredJson(
        () => decodePieces(pieces(), span.start, span.end),
        '{',
        span.end - span.start,
      );
      // Defined in place, the field keeps its position among the others.
      Object.defineProperty(parsed.value, '__closure', {
        value: closure,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return { read, parsed };
    },
  };
}
