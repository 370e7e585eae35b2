import { decodePieces, flatClosureSpan, textWithoutClosure } from '../../../bytes/closureAside';
import {
  DEFER_FROM_LENGTH,
  DeferredJson,
  parseDeferringLargeSteps,
  SCAN_FROM_LENGTH,
} from '../../../bytes/lazyObject';
import { TextTooLargeError } from '../../../speckle/textLimit';
import { errorText } from '../../../lib/errorText';
import { runNow, type Steps } from '../../../lib/slices';

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
  return runNow(readObjectSource(read).parseSteps());
}

/** A text read, to be parsed in steps (lib/slices.ts). */
export interface ReadText {
  parseSteps(): Steps<ObjectSource>;
}

/**
 * Reads the text now, and parses it in the steps `parseSteps` gives: a megabytes-long text is read
 * in one task and parsed in slices after it, so that none is long. With `pieces`, its bytes as
 * received, a root's big closure is passed over (closureAside).
 */
export function readObjectSource(
  read: () => string,
  pieces?: () => readonly Uint8Array[],
): ReadText {
  const aside = pieces && closureAside(read, pieces);
  if (aside) return aside;
  let raw: string;
  try {
    raw = read();
  } catch (error) {
    if (!(error instanceof TextTooLargeError)) throw error;
    const tooLarge = error.message;
    return {
      // eslint-disable-next-line require-yield -- nothing to parse: done in its first step
      *parseSteps() {
        return { read, parsed: { ok: false, tooLarge } };
      },
    };
  }
  return {
    *parseSteps() {
      return { read, parsed: yield* parseJsonSteps(raw, read) };
    },
  };
}

function* parseJsonSteps(raw: string, reread: () => string): Steps<ParseResult> {
  try {
    const value = yield* parseDeferringLargeSteps(raw, { reread });
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
function closureAside(read: () => string, pieces: () => readonly Uint8Array[]): ReadText | null {
  const encoded = pieces();
  const bytes = encoded.reduce((sum, piece) => sum + piece.length, 0);
  const span = bytes >= SCAN_FROM_LENGTH ? flatClosureSpan(encoded) : null;
  if (!span || span.end - span.start < DEFER_FROM_LENGTH) return null;
  const rest = () => textWithoutClosure(pieces(), span);
  const raw = rest();
  return {
    *parseSteps() {
      const parsed = yield* parseJsonSteps(raw, rest);
      // Not JSON around the closure (or a closure cut short, flatClosureSpan): read whole.
      if (!parsed.ok) return yield* readObjectSource(read).parseSteps();
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
