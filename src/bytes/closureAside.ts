/**
 * A model's root with its `__closure` set aside, read from the text's UTF-8 bytes in the pieces of
 * the blocks they arrived in. A million-object root is 50 MB, nearly all of it the closure's ids:
 * joining its pieces, decoding them and scanning the text each took a task far over 50 ms, to
 * show a field that stays closed until opened. Here the closure's bounds are found by searching
 * its bytes for one character, and only the rest of the root is decoded.
 */
import {
  CLOSE_BRACE,
  COLON,
  COMMA,
  countByte,
  hasBytesAt,
  memberValue,
  OPEN_BRACE,
  QUOTE,
  skipSpace,
  valueEnd,
} from './jsonBytes';

const CLOSURE_KEY = new TextEncoder().encode('"__closure"');
/** The members before the closure are read from the first piece, up to this far into it. */
const HEAD_LIMIT = 1024 * 1024;

/** Where the closure's value lies in the text, as offsets into the pieces laid end to end. */
export interface ClosureSpan {
  start: number;
  end: number;
}

/**
 * The span of the object's own `__closure` value, taken to be a flat object (ids to depths) as a
 * server writes it, when its key starts within the first HEAD_LIMIT bytes of the first piece;
 * null otherwise, and the caller reads the text whole.
 */
export function flatClosureSpan(pieces: readonly Uint8Array[]): ClosureSpan | null {
  const first = pieces[0];
  if (!first) return null;
  const head = first.subarray(0, HEAD_LIMIT);
  let at = skipSpace(head, 0);
  if (head[at] !== OPEN_BRACE) return null;
  for (at = skipSpace(head, at + 1); head[at] === QUOTE;) {
    const start = memberValue(head, at);
    if (start === -1) return null;
    if (hasBytesAt(head, CLOSURE_KEY, at)) {
      return head[start] === OPEN_BRACE ? flatObjectSpan(pieces, start) : null;
    }
    const end = valueEnd(head, start);
    if (end === -1) return null;
    at = skipSpace(head, end);
    if (head[at] !== COMMA) return null;
    at = skipSpace(head, at + 1);
  }
  return null;
}

/**
 * How many ids a root's own `__closure` lists, counted as flatClosureSpan finds it: one colon an
 * entry (ids map to depths). Null, unknown, when it finds none that way (no closure, or one that
 * is not flat or starts past the first megabyte).
 */
export function flatClosureCount(text: Uint8Array): number | null {
  const span = flatClosureSpan([text]);
  return span && countByte(text, COLON, span.start, span.end);
}

/**
 * The span of the object opening at `start` up to its first `}`. Nothing is checked inside: a
 * closure that holds a container, or a key with a `}`, is cut short there, and the text around it
 * is then not JSON, which its parse finds (the caller then reads the text whole). One search for a
 * byte runs through 50 MB in about 20 ms; checking for brackets inside doubled that.
 */
function flatObjectSpan(pieces: readonly Uint8Array[], start: number): ClosureSpan | null {
  let offset = 0;
  for (const piece of pieces) {
    const from = start + 1 - offset;
    const close = from <= piece.length ? piece.indexOf(CLOSE_BRACE, Math.max(0, from)) : -1;
    if (close !== -1) return { start, end: offset + close + 1 };
    offset += piece.length;
  }
  return null;
}

/** The text of the pieces laid end to end, from `start` to `end`, decoded as one. */
export function decodePieces(pieces: readonly Uint8Array[], start: number, end: number): string {
  // Streaming: a character's bytes may lie on both sides of a block's edge.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let text = '';
  let offset = 0;
  for (const piece of pieces) {
    const from = Math.max(0, start - offset);
    const to = Math.min(piece.length, end - offset);
    if (from < to) text += decoder.decode(piece.subarray(from, to), { stream: true });
    offset += piece.length;
  }
  return text + decoder.decode();
}

/** The object's text with the closure's value written `{}`: all that is drawn of it at first. */
export function textWithoutClosure(pieces: readonly Uint8Array[], closure: ClosureSpan): string {
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  return `${decodePieces(pieces, 0, closure.start)}{}${decodePieces(pieces, closure.end, length)}`;
}
