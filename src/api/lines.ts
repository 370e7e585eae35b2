/**
 * Splits the with-children endpoint's `text/plain` body (`<id>\t<json>\n` per object) into blocks of
 * whole lines, chunk by chunk, working on the bytes. The bytes of each block are kept exactly as
 * received: they are what the app stores, and an object's text is decoded from them when it is
 * needed. Newline and tab bytes never occur inside a multi-byte UTF-8 character, so splitting bytes
 * gives the same lines as splitting decoded text.
 *
 * Bodies reach hundreds of megabytes and single lines several megabytes, so the part of a line that
 * spans chunks is kept as pieces and joined once, when its newline arrives. Nothing is decoded: a
 * block is checked to be UTF-8 as a whole, without building its text, and only a block that fails
 * is checked line by line to find the bad line.
 */
import { isUtf8 } from '../speckle/utf8Text';

export interface LineRecord {
  id: string;
  /** The object's JSON text exactly as the server sent it. */
  raw: string;
}

/**
 * One object line of a block, as byte offsets in the block: its id runs from `lineStart` to the tab
 * just before `start`, its JSON text from `start` to `end`.
 */
export interface SplitLine {
  lineStart: number;
  /** Byte offsets of the JSON text in the block's bytes, end exclusive (before `\r\n`). */
  start: number;
  end: number;
}

export interface MalformedLine {
  message: string;
  lineNumber: number;
  /** The start of the offending line, for messages. */
  preview: string;
}

export interface LineBlock {
  /** The body's bytes of the block's lines: up to the end of the last good line. */
  bytes: Uint8Array;
  lines: SplitLine[];
  /** The line that stopped the read; the lines before it in the block are good. */
  malformed: MalformedLine | null;
}

export interface LineSplitter {
  /** The lines the chunk completes, or null when it completes none. */
  push(chunk: Uint8Array): LineBlock | null;
  finish(): { complete: boolean; trailing: string };
}

const PREVIEW_LENGTH = 80;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const TAB = 0x09;
const OPENING_BRACE = 0x7b;
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

export function createLineSplitter(): LineSplitter {
  let pending: Uint8Array[] = [];
  let lineNumber = 1;
  let atBodyStart = true;
  let stopped = false;

  function push(chunk: Uint8Array): LineBlock | null {
    if (stopped || chunk.length === 0) return null;
    const lastNewline = chunk.lastIndexOf(NEWLINE);
    if (lastNewline === -1) {
      pending.push(chunk);
      return null;
    }
    const head = chunk.subarray(0, lastNewline + 1);
    const bytes = pending.length > 0 ? concat([...pending, head]) : head;
    // A copy: the block's buffer may be handed to another thread, and must not take the tail along.
    pending = lastNewline + 1 < chunk.length ? [chunk.slice(lastNewline + 1)] : [];
    return split(bytes);
  }

  function split(bytes: Uint8Array): LineBlock {
    const lines: SplitLine[] = [];
    let lineStart = 0;
    if (atBodyStart) {
      atBodyStart = false;
      if (startsWithByteOrderMark(bytes)) lineStart = BYTE_ORDER_MARK.length;
    }
    // Bytes that are not UTF-8 stop the read: decoding them would put replacement characters in
    // the text, silently changing what exports must reproduce byte for byte.
    const checkEachLine = !isUtf8(bytes.subarray(lineStart));
    for (
      let end = bytes.indexOf(NEWLINE, lineStart);
      end !== -1;
      end = bytes.indexOf(NEWLINE, lineStart)
    ) {
      const line = readLine(bytes, lineStart, end, checkEachLine);
      if (line && 'message' in line) {
        stopped = true;
        return { bytes: bytes.subarray(0, lineStart), lines, malformed: line };
      }
      if (line) lines.push(line);
      lineNumber += 1;
      lineStart = end + 1;
    }
    return { bytes, lines, malformed: null };
  }

  /**
   * The line from `start` to its newline at `newline`, or null for an empty line. Its UTF-8 is
   * checked only when `checkUtf8`: the block it is part of was not valid as a whole.
   */
  function readLine(
    bytes: Uint8Array,
    start: number,
    newline: number,
    checkUtf8: boolean,
  ): SplitLine | MalformedLine | null {
    const end = bytes[newline - 1] === CARRIAGE_RETURN && newline > start ? newline - 1 : newline;
    if (end === start) return null;
    const line = bytes.subarray(start, end);
    const tab = line.indexOf(TAB);
    if (tab === -1) {
      return malformed(
        `Line ${lineNumber} of the response is not an object line (id, tab, JSON): it has no tab.`,
        line,
      );
    }
    if (tab === 0) {
      return malformed(`Line ${lineNumber} of the response has no object id before its tab.`, line);
    }
    if (line[tab + 1] !== OPENING_BRACE) {
      return malformed(
        `Line ${lineNumber} of the response does not hold a JSON object after its tab.`,
        line,
      );
    }
    if (checkUtf8 && !isUtf8(line)) {
      return malformed(`Line ${lineNumber} of the response is not valid UTF-8 text.`, line);
    }
    return { lineStart: start, start: start + tab + 1, end };
  }

  function malformed(message: string, line: Uint8Array): MalformedLine {
    return { message, lineNumber, preview: previewOf(line) };
  }

  function finish(): { complete: boolean; trailing: string } {
    let rest = concat(pending);
    pending = [];
    if (atBodyStart && startsWithByteOrderMark(rest)) rest = rest.subarray(BYTE_ORDER_MARK.length);
    return { complete: rest.length === 0, trailing: decodeTrailing(rest) };
  }

  return { push, finish };
}

function startsWithByteOrderMark(bytes: Uint8Array): boolean {
  return BYTE_ORDER_MARK.every((byte, index) => bytes[index] === byte);
}

/**
 * The text of a last line that never ended. A body cut in the middle of a multi-byte character is a
 * truncated body, not bad text: the text is what decodes before the cut character.
 */
function decodeTrailing(rest: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(rest, {
      stream: true,
    });
  } catch {
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(rest);
  }
}

function concat(pieces: readonly Uint8Array[]): Uint8Array {
  if (pieces.length === 1) return pieces[0]!;
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const joined = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length;
  }
  return joined;
}

function previewOf(line: Uint8Array): string {
  // At most four bytes a character: these bytes hold more than PREVIEW_LENGTH characters if the
  // line goes on after them.
  const limit = 4 * (PREVIEW_LENGTH + 1);
  const text = new TextDecoder().decode(line.subarray(0, limit));
  return text.length > PREVIEW_LENGTH || line.length > limit
    ? `${text.slice(0, PREVIEW_LENGTH)}…`
    : text;
}
