/**
 * Splits the with-children endpoint's `text/plain` body (`<id>\t<json>\n` per object) into lines,
 * chunk by chunk, working on the bytes. Each chunk is kept exactly as received, as a block: the
 * blocks end to end are the body, and an object's text is decoded from them when it is needed.
 * Newline and tab bytes never occur inside a multi-byte UTF-8 character, so splitting bytes gives
 * the same lines as splitting decoded text.
 *
 * Nothing is copied but the line that spans two chunks, joined once when its newline arrives so that
 * it can be read (copying each chunk to cut it at its last newline was a large part of the
 * indexer's time). Nothing is decoded either: the chunk's whole lines are checked to be
 * UTF-8 at once, without building their text, and only when that fails line by line to find the
 * bad one.
 */
import { hasBytesAt, sameBytes } from './jsonBytes';
import { clippedText, findLineEnds, isUtf8 } from './utf8Text';

export interface LineRecord {
  id: string;
  /** The object's JSON text exactly as the server sent it. */
  raw: string;
}

/**
 * One object line. Offsets are the body's: its id runs from `idStart` to `idEnd` (in a line, the
 * tab just before `start`), its JSON text from `start` to `end` (before `\r\n`). Its bytes are in
 * `source`, whose first byte is the body's byte `sourceOffset`: the chunk, or for a line that spans
 * chunks a copy joined from them.
 */
export interface SplitLine {
  idStart: number;
  idEnd: number;
  start: number;
  end: number;
  source: Uint8Array;
  sourceOffset: number;
}

export interface MalformedLine {
  message: string;
  lineNumber: number;
  /** The start of the offending line, for messages. */
  preview: string;
}

export interface LineBlock {
  /** The chunk as received. */
  bytes: Uint8Array;
  /** The body offset of the chunk's first byte. */
  offset: number;
  /** The lines the chunk completes. */
  lines: SplitLine[];
  /** The body offset just past the newline of the last good line so far. */
  goodEnd: number;
  /** The line that stopped the read; the lines before it are good. */
  malformed: MalformedLine | null;
  /**
   * The places in `lines` of the lines whose JSON text is not whole (see `isWholeObjectText`):
   * listed and kept as received, but not valid JSON. Almost always empty.
   */
  damaged: number[];
}

/**
 * The most a body may bring before the splitter stops reading it, keeping the lines before: a
 * server can send anything, and an endless body or line would otherwise fill the tab.
 */
export interface BodyCeilings {
  /** Object lines. */
  objects: number;
  /** Bytes of the whole body. */
  bytes: number;
  /** Bytes of one line: its id, tab and JSON text. */
  objectBytes: number;
}

export type CeilingName = keyof BodyCeilings;

const NO_CEILINGS: BodyCeilings = { objects: Infinity, bytes: Infinity, objectBytes: Infinity };

const PREVIEW_LENGTH = 80;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const TAB = 0x09;
const OPENING_BRACE = 0x7b;
const CLOSING_BRACE = 0x7d;
const QUOTE = 0x22;
const COLON = 0x3a;
const SPACE = 0x20;
const ID_KEY = new TextEncoder().encode('"id"');
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/**
 * A class, not closures, so that every splitter runs the same functions: the code V8 optimised
 * while the indexing worker warmed up (objects/load/warmUp.ts) is the code a load's splitter runs.
 */
export class LineSplitter {
  /** Copies of the bytes of the line not yet ended: its chunks are handed on as they arrive. */
  private pending: Uint8Array[] = [];
  private pendingLength = 0;
  /** The body offset where that line starts. */
  private pendingStart = 0;
  private received = 0;
  private goodEnd = 0;
  private lineNumber = 1;
  private objects = 0;
  private stopped = false;
  private ceilings = NO_CEILINGS;
  private ceilingReached: CeilingName | null = null;

  /** From now on, stops the read at the first of `ceilings` the body passes. */
  limit(ceilings: BodyCeilings): void {
    this.ceilings = ceilings;
  }

  /** The ceiling that stopped the read, if one did: the lines before it are kept. */
  get stoppedAt(): CeilingName | null {
    return this.ceilingReached;
  }

  /** The chunk as a block with the lines it completes, or null once the read has stopped. */
  push(received: Uint8Array): LineBlock | null {
    if (this.stopped || received.length === 0) return null;
    const offset = this.received;
    // Past the byte ceiling nothing is kept: the line it cuts is left unfinished, as a cut body's.
    const room = this.ceilings.bytes - offset;
    if (room <= 0) {
      this.stopAtCeiling('bytes');
      return null;
    }
    const chunk = received.length > room ? received.subarray(0, room) : received;
    const block = this.split(chunk, offset);
    if (chunk !== received && !this.stopped) this.stopAtCeiling('bytes');
    return block;
  }

  private split(chunk: Uint8Array, offset: number): LineBlock {
    this.received += chunk.length;
    const block: LineBlock = {
      bytes: chunk,
      offset,
      lines: [],
      goodEnd: this.goodEnd,
      malformed: null,
      damaged: [],
    };
    const firstNewline = chunk.indexOf(NEWLINE);
    if (firstNewline === -1) {
      this.keepPending(chunk);
      return block;
    }
    let from = 0;
    if (this.pending.length > 0) {
      const joined = concatBytes([...this.pending, chunk.subarray(0, firstNewline + 1)]);
      this.pending = [];
      this.pendingLength = 0;
      if (!this.take(block, joined, this.pendingStart, 0, joined.length - 1, true)) return block;
      from = firstNewline + 1;
    }
    const lastNewline = chunk.lastIndexOf(NEWLINE);
    const newlines: number[] = [];
    // Bytes that are not UTF-8 stop the read: decoding them would put replacement characters in
    // the text, silently changing what exports must reproduce byte for byte. Then each line is
    // checked, to keep the good ones before the bad one.
    const checkEachLine = !findLineEnds(chunk, from, lastNewline + 1, newlines);
    for (const end of newlines) {
      if (!this.take(block, chunk, offset, from, end, checkEachLine)) return block;
      from = end + 1;
    }
    this.pendingStart = offset + lastNewline + 1;
    if (lastNewline + 1 < chunk.length) this.keepPending(chunk.subarray(lastNewline + 1));
    return block;
  }

  /** Keeps a copy of the start of a line not yet ended, unless it is already over the ceiling. */
  private keepPending(bytes: Uint8Array): void {
    this.pendingLength += bytes.length;
    if (this.pendingLength > this.ceilings.objectBytes) {
      this.stopAtCeiling('objectBytes');
      return;
    }
    this.pending.push(bytes.slice());
  }

  private stopAtCeiling(ceiling: CeilingName): void {
    this.stopped = true;
    this.ceilingReached = ceiling;
    this.pending = [];
    this.pendingLength = 0;
  }

  /**
   * Whether the body ended with its last line: bytes after it mean the body was cut, and a body
   * stopped at a ceiling was not read to its end.
   */
  finish(): { complete: boolean } {
    if (this.ceilingReached) return { complete: false };
    let length = 0;
    for (const piece of this.pending) length += piece.length;
    // Only the body's own first bytes may be a byte order mark, and a body of one is complete.
    const onlyByteOrderMark =
      this.pendingStart === 0 &&
      length === BYTE_ORDER_MARK.length &&
      startsWithByteOrderMark(concatBytes(this.pending));
    this.pending = [];
    this.pendingLength = 0;
    return { complete: length === 0 || onlyByteOrderMark };
  }

  /**
   * Reads the line of `source` from `from` to its newline at `newline` into the block; false when
   * it is malformed, which stops the read.
   */
  private take(
    block: LineBlock,
    source: Uint8Array,
    sourceOffset: number,
    from: number,
    newline: number,
    checkUtf8: boolean,
  ): boolean {
    // Only the body's own first bytes may be a byte order mark.
    const start =
      sourceOffset + from === 0 && startsWithByteOrderMark(source) ? BYTE_ORDER_MARK.length : from;
    const line = this.readLine(source, start, newline, checkUtf8);
    if (line && 'message' in line) {
      this.stopped = true;
      block.malformed = line;
      return false;
    }
    if (line) {
      const ceiling = this.ceilingBefore(newline - start);
      if (ceiling) {
        this.stopAtCeiling(ceiling);
        return false;
      }
      this.objects += 1;
      if (!isWholeObjectText(source, start, line.start - 1, line.end)) {
        block.damaged.push(block.lines.length);
      }
      block.lines.push({
        idStart: sourceOffset + start,
        idEnd: sourceOffset + line.start - 1,
        start: sourceOffset + line.start,
        end: sourceOffset + line.end,
        source,
        sourceOffset,
      });
    }
    this.lineNumber += 1;
    this.goodEnd = block.goodEnd = sourceOffset + newline + 1;
    return true;
  }

  /** The ceiling that one more line of `length` bytes would pass, if any. */
  private ceilingBefore(length: number): CeilingName | null {
    if (this.objects >= this.ceilings.objects) return 'objects';
    if (length > this.ceilings.objectBytes) return 'objectBytes';
    return null;
  }

  /**
   * Where the JSON text of the line from `start` to its newline at `newline` lies in `bytes`, or
   * null for an empty line. Its UTF-8 is checked only when `checkUtf8`.
   */
  private readLine(
    bytes: Uint8Array,
    start: number,
    newline: number,
    checkUtf8: boolean,
  ): { start: number; end: number } | MalformedLine | null {
    const end = bytes[newline - 1] === CARRIAGE_RETURN && newline > start ? newline - 1 : newline;
    if (end === start) return null;
    // The id is short: a loop finds its tab sooner than a call to indexOf.
    let tab = start;
    while (tab < end && bytes[tab] !== TAB) tab += 1;
    const problem = lineProblem(bytes, start, tab, end, checkUtf8);
    if (problem === null) return { start: tab + 1, end };
    return {
      message: `Line ${this.lineNumber} of the response ${problem}.`,
      lineNumber: this.lineNumber,
      preview: clippedText(bytes, start, end, PREVIEW_LENGTH),
    };
  }
}

/** What makes the line from `start` to `end`, whose first tab is at `tab`, not an object line. */
function lineProblem(
  bytes: Uint8Array,
  start: number,
  tab: number,
  end: number,
  checkUtf8: boolean,
): string | null {
  if (tab === end) return 'is not an object line (id, tab, JSON): it has no tab';
  if (tab === start) return 'has no object id before its tab';
  if (bytes[tab + 1] !== OPENING_BRACE) return 'does not hold a JSON object after its tab';
  if (checkUtf8 && !isUtf8(bytes.subarray(start, end))) return 'is not valid UTF-8 text';
  return null;
}

/**
 * Whether the JSON text of the line from `lineStart` (its id) to `end`, whose tab is at `tab`,
 * looks whole: it ends with the `}` its `{` opens, and when its first member is `"id"` (where the
 * server writes it), that id is the line's. A text cut short or joined with another object's fails
 * this, without being parsed: the indexer reads a line's first and last bytes and its id anyway.
 * A text whose first member is not `"id"` is checked by its ends alone: the database orders keys
 * shortest first, so a point's `"x"` comes before its id.
 */
export function isWholeObjectText(
  bytes: Uint8Array,
  lineStart: number,
  tab: number,
  end: number,
): boolean {
  if (end - tab < 3 || bytes[end - 1] !== CLOSING_BRACE) return false;
  let at = tab + 2;
  if (!hasBytesAt(bytes, ID_KEY, at)) return true;
  at += ID_KEY.length;
  if (bytes[at] !== COLON) return false;
  at += 1;
  if (bytes[at] === SPACE) at += 1;
  if (bytes[at] !== QUOTE) return false;
  at += 1;
  const length = tab - lineStart;
  if (at + length >= end) return false;
  return sameBytes(bytes, at, bytes, lineStart, length) && bytes[at + length] === QUOTE;
}

function startsWithByteOrderMark(bytes: Uint8Array): boolean {
  return BYTE_ORDER_MARK.every((byte, index) => bytes[index] === byte);
}

/** Bytes copied between two yields of concatBytesSteps: a few milliseconds' work. */
const COPY_STEP_BYTES = 8_000_000;

/** concatBytes in steps: joining a 60 MB object took a sixth of a second at once. */
export function* concatBytesSteps(
  pieces: readonly Uint8Array[],
): Generator<void, Uint8Array, void> {
  if (pieces.length === 1) return pieces[0]!;
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const joined = new Uint8Array(length);
  let at = 0;
  let sinceYield = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length;
    sinceYield += piece.length;
    if (sinceYield >= COPY_STEP_BYTES) {
      sinceYield = 0;
      yield;
    }
  }
  return joined;
}

/** The pieces joined into one array; a single piece is itself. */
export function concatBytes(pieces: readonly Uint8Array[]): Uint8Array {
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
