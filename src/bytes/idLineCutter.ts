/**
 * Cuts a file in the server's line form (`<id>\t<json>` a line) as the line splitter cuts a
 * server's body (lines.ts): at its newlines, found together with the UTF-8 check in one pass over
 * runs of ASCII, not by reading every byte of every object in JavaScript, which is ten times
 * slower. Unlike a server's body, a file goes on after a bad line: it is reported with its line
 * and byte, and the lines after it are kept.
 *
 * A line is an object when it has an id, a tab and, after the tab, a text from `{` to a `}` that
 * ends the line. What lies between is checked when the object is parsed, as a server's line is:
 * a line whose brackets do not match but that ends with `}` is listed, and found broken when read.
 * The last line, which a file cut short may end anywhere, is read bracket by bracket.
 */
import {
  CLOSE_BRACE,
  containerEnd,
  hasBytesAt,
  lastNonSpace,
  OPEN_BRACE,
  skipSpace,
} from './jsonBytes';
import { concatBytes, type SplitLine } from './lines';
import { byteOrderMarkLength, type TextPosition } from './textPosition';
import { topLevelIdSpan } from './topLevelFields';
import { clippedText, findLineEnds, isUtf8 } from './utf8Text';

/** Something wrong at a place in the file: the position of its start. */
export interface CutProblem extends TextPosition {
  /** What is wrong there, said of the place: "is not a JSON object". */
  reason: string;
  /** A line listed under an id that is not its JSON's "id": looked for only when asked. */
  otherId?: true;
}

/** Where the cut objects and the problems found go. */
export interface CutOutput {
  lines: SplitLine[];
  problems: CutProblem[];
}

const NEWLINE = 0x0a;
const TAB = 0x09;
/** A line whose object does not end on it: the line form's, and JSON lines' (objectCutter.ts). */
export const CUT_IN_LINE = 'is cut short: its object does not end on its line';
const CUT_AT_END = 'is cut short: the file ends inside it';
/** Speckle's ids are 32 characters: one a message shows is cut only when it is absurd. */
const ID_SHOWN_LENGTH = 64;

export class IdLineCutter {
  objects = 0;
  /** The body offset just past the last object's text. */
  goodEnd: number;
  /** Copies of the bytes of the line not yet ended. */
  private pending: Uint8Array[] = [];
  /** The file offset where that line starts. */
  private pendingStart = 0;
  /** @param bodyStart the body offset of the file's first byte */
  constructor(
    private readonly bodyStart: number,
    /** The line of the first byte pushed: after an HTTP response's headers, not the first. */
    private line = 1,
    /**
     * Whether to say each line whose JSON has another "id" than the one before its tab (it is
     * listed under the line's, as a server's line is). Not while a file is first read: the list
     * waits for that read, and this would lengthen it (docs/loading.md).
     */
    private readonly checkIds = false,
  ) {
    this.goodEnd = bodyStart;
  }

  /** Cuts the lines that `chunk`, whose first byte is the file's byte `chunkStart`, ends. */
  push(chunk: Uint8Array, chunkStart: number, out: CutOutput): void {
    const first = chunk.indexOf(NEWLINE);
    if (first === -1) return this.keepRest(chunk, chunkStart, 0);
    let from = 0;
    if (this.pending.length > 0) {
      const joined = concatBytes([...this.pending, chunk.subarray(0, first)]);
      this.pending = [];
      this.take(joined, this.pendingStart, 0, joined.length, true, out);
      from = first + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    const newlines: number[] = [];
    // Past a byte that is not UTF-8, each line is checked on its own.
    const utf8 = findLineEnds(chunk, from, last + 1, newlines);
    for (const end of newlines) {
      this.take(chunk, chunkStart, from, end, !utf8, out);
      from = end + 1;
    }
    this.keepRest(chunk, chunkStart, from);
  }

  /** Cuts the last line, which has no newline; false when the file ends inside an object. */
  finish(out: CutOutput): boolean {
    const rest = concatBytes(this.pending);
    this.pending = [];
    return this.take(rest, this.pendingStart, 0, rest.length, true, out, true);
  }

  private keepRest(chunk: Uint8Array, chunkStart: number, from: number): void {
    if (from === chunk.length) return;
    if (this.pending.length === 0) this.pendingStart = chunkStart + from;
    this.pending.push(chunk.slice(from));
  }

  /**
   * Reads the line of `source` (whose first byte is the file's byte `sourceOffset`) from `from` to
   * `lineEnd` (its newline, or the file's end when `last`); false when the file ends inside it.
   */
  private take(
    source: Uint8Array,
    sourceOffset: number,
    from: number,
    lineEnd: number,
    checkUtf8: boolean,
    out: CutOutput,
    last = false,
  ): boolean {
    const line = this.line;
    this.line += 1;
    // A byte order mark is not part of the first line's text, nor counted in its columns.
    const textStart = sourceOffset + from === 0 ? byteOrderMarkLength(source) : from;
    const start = skipSpace(source, textStart, lineEnd);
    if (start === lineEnd) return true;
    const column = start - textStart + 1;
    const report = (reason: string) => {
      out.problems.push({ line, column, byte: sourceOffset + start, reason });
      return reason !== CUT_AT_END;
    };
    const tab = source.indexOf(TAB, start);
    if (tab === -1 || tab >= lineEnd) {
      return report(last ? CUT_AT_END : 'is not an object line (id, tab, JSON): it has no tab');
    }
    const json = tab + 1;
    if (json === lineEnd) return report(last ? CUT_AT_END : CUT_IN_LINE);
    if (source[json] !== OPEN_BRACE) return report('does not hold a JSON object after its tab');
    const end = lastNonSpace(source, lineEnd - 1, -1) + 1;
    const closed = last
      ? containerEnd(source, json, end) === end - 1
      : end - json >= 2 && source[end - 1] === CLOSE_BRACE;
    if (!closed) return report(last ? CUT_AT_END : CUT_IN_LINE);
    if (checkUtf8 && !isUtf8(source.subarray(start, end))) {
      return report('is not valid UTF-8 text');
    }
    const offset = this.bodyStart + sourceOffset;
    out.lines.push({
      idStart: offset + start,
      idEnd: offset + tab,
      start: offset + json,
      end: offset + end,
      source,
      sourceOffset: offset,
    });
    this.objects += 1;
    this.goodEnd = offset + end;
    if (this.checkIds) {
      const reason = otherIdReason(source, start, tab, json, end);
      if (reason) {
        out.problems.push({ line, column, byte: sourceOffset + start, reason, otherId: true });
      }
    }
    return true;
  }
}

/**
 * What to say of a line whose id runs from `start` to its tab, when the JSON text from `json` to
 * `end` has an "id" of its own that is not the same; null when it is, or when it has none.
 */
function otherIdReason(
  source: Uint8Array,
  start: number,
  tab: number,
  json: number,
  end: number,
): string | null {
  const own = topLevelIdSpan(source, json, end);
  if (!own) return null;
  const ownId = source.subarray(own.from, own.to);
  if (ownId.length === tab - start && hasBytesAt(source, ownId, start)) return null;
  const listedAs = clippedText(source, start, tab, ID_SHOWN_LENGTH);
  const jsonId = clippedText(source, own.from, own.to, ID_SHOWN_LENGTH);
  return `is listed as “${listedAs}”, the id before its tab, but the "id" in its JSON is “${jsonId}”`;
}
