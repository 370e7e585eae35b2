/**
 * Cuts the objects out of a file's bytes as they arrive, in any form objectForm.ts recognises, into
 * the blocks the line splitter makes for a server's body (lines.ts): each chunk kept as received,
 * and for each object where its id and its JSON text lie. Nothing is re-serialised: an element of
 * a JSON array is the bytes from its `{` to its `}`, exactly as the file holds them.
 *
 * Objects are found by counting brackets outside strings (jsonBytes.ts's BracketWalk); their JSON
 * is checked when they are parsed, as a server's lines are. Unlike a server's body, a file goes on
 * after a bad line or element: it is reported with its line and byte, and the rest is kept. Ids
 * come from the `id` field. The server's line form is cut by its lines instead (idLineCutter.ts).
 */
import { CUT_IN_LINE, IdLineCutter, type CutProblem } from './idLineCutter';
import {
  BracketWalk,
  isJsonSpace,
  NEWLINE_ENDS_LINE,
  NEWLINE_COUNT,
  NEWLINE_READ,
  type NewlineRule,
} from './jsonBytes';
import { concatBytes, type LineBlock, type SplitLine } from './lines';
import { headersReadOver, sniffForm, type ObjectForm, type Refusal } from './objectForm';
import { objectLine } from './objectLine';
import { byteOrderMarkLength } from './textPosition';
import { TopLevelArray, type Place } from './topLevelArray';

export type { CutProblem };

interface CutBlock extends LineBlock {
  problems: CutProblem[];
}

interface CutEnd {
  /** Whether the file ended where an object could: not inside one, nor inside an open array. */
  complete: boolean;
  /** The objects that only the end told: a small file's, whose form the end decided. */
  lines: SplitLine[];
  problems: CutProblem[];
}

// The bytes scan reads between objects, as this module's own constants: an imported binding is a
// property read in some hosts (vitest's module runner), which made a loop over every byte ten
// times slower.
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const STRING_CUT_IN_LINE = 'is cut short: a string in it does not end on its line';

/** The object being read, at its start: the `{`, or an element that is not an object. */
interface OpenObject extends Place {
  /** Where its JSON text starts. */
  json: number;
  /** An array element that is not an object is read over, not kept. */
  keep: boolean;
  /** A string, number or literal element: it ends at the next `,`, `]` or space. */
  scalar: boolean;
}

export class ObjectCutter {
  /** Null until the first bytes tell. */
  form: ObjectForm | null = null;
  /** Why the file is not read at all, once its first bytes tell. */
  refused: Refusal | null = null;
  /** How many objects were cut out. */
  objects = 0;
  /** Copies of the chunks read before the form was known. */
  private chunksBeforeForm: Uint8Array[] = [];
  private received = 0;
  private line = 1;
  /** The file offset where the line being read starts (its text: past a byte order mark). */
  private lineStart = 0;
  /** Brackets and strings, across chunks: its depth counts the array's `[` too. */
  private readonly brackets = new BracketWalk();
  private open: OpenObject | null = null;
  /** Copies of the open object's bytes in earlier chunks. */
  private pieces: Uint8Array[] = [];
  /**
   * The first object of a JSON lines file went on past its line: the next line's first byte tells
   * whether the file is laid out or that line is broken (decideLayout).
   */
  private firstLineOpen = false;
  /** Reading over the rest of a bad line. */
  private skippingLine = false;
  private readonly array = new TopLevelArray();
  private goodEnd: number;
  private problemCount = 0;
  /** The server's line form is cut by its lines, not bracket by bracket. */
  private idLines: IdLineCutter | null = null;

  /** @param bodyStart the body offset of the file's first byte, when files are read as one body */
  constructor(
    private readonly bodyStart = 0,
    /** Whether to say the server's lines whose JSON has another "id" (IdLineCutter's checkIds). */
    private readonly checkLineIds = false,
  ) {
    this.goodEnd = bodyStart;
  }

  push(chunk: Uint8Array): CutBlock {
    const chunkStart = this.received;
    this.received += chunk.length;
    const block = this.emptyBlock(chunk, chunkStart);
    if (this.refused) return block;
    if (this.form === null) {
      this.chunksBeforeForm.push(chunk.slice());
      this.decide(false, block);
    } else {
      this.cut(chunk, chunkStart, block);
    }
    block.goodEnd = this.goodEnd;
    return block;
  }

  finish(): CutEnd {
    const block = this.emptyBlock(new Uint8Array(), this.received);
    if (this.form === null && !this.refused) this.decide(true, block);
    if (this.idLines) {
      const complete = this.idLines.finish(block);
      this.objects = this.idLines.objects;
      return { complete, lines: block.lines, problems: block.problems };
    }
    if (this.open?.scalar) this.close(new Uint8Array(), 0, this.received, block);
    let complete = !this.refused;
    if (this.open) {
      complete = false;
      this.report(block, this.open, 'is cut short: the file ends inside it');
    } else if (this.array.where === 'inside') {
      complete = false;
      const end = this.placeOf(this.received);
      this.report(block, end, 'is the end of the file, but the array is not closed');
    }
    this.open = null;
    return { complete, lines: block.lines, problems: block.problems };
  }

  private emptyBlock(bytes: Uint8Array, fileOffset: number): CutBlock {
    const offset = this.bodyStart + fileOffset;
    return {
      bytes,
      offset,
      lines: [],
      goodEnd: this.goodEnd,
      malformed: null,
      damaged: [],
      problems: [],
    };
  }

  private isLineForm(): boolean {
    return this.form === 'json-lines';
  }

  /** Reads the chunks read so far as one, once they tell the form. */
  private decide(final: boolean, block: CutBlock): void {
    const head = concatBytes(this.chunksBeforeForm);
    const sniffed = sniffForm(head, final);
    if (!sniffed) return;
    this.chunksBeforeForm = [];
    if ('refused' in sniffed) {
      this.refused = sniffed.refused;
      return;
    }
    this.form = sniffed.form;
    const { headers } = sniffed;
    if (headers) {
      // Reported, but not counted as a problem: the objects after them are read as any file's.
      block.problems.push({ ...headers.at, reason: headersReadOver(headers) });
      this.line = headers.bodyLine;
    }
    this.lineStart = headers?.bodyAt ?? byteOrderMarkLength(head);
    const { bodyStart, line, checkLineIds } = this;
    if (this.form === 'id-lines') this.idLines = new IdLineCutter(bodyStart, line, checkLineIds);
    const bodyAt = headers?.bodyAt ?? 0;
    this.cut(head.subarray(bodyAt), bodyAt, block);
  }

  private cut(bytes: Uint8Array, chunkStart: number, block: CutBlock): void {
    const idLines = this.idLines;
    if (!idLines) return this.scan(bytes, chunkStart, block);
    idLines.push(bytes, chunkStart, block);
    this.objects = idLines.objects;
    this.goodEnd = idLines.goodEnd;
  }

  private scan(bytes: Uint8Array, chunkStart: number, block: CutBlock): void {
    const from = chunkStart === 0 ? byteOrderMarkLength(bytes) : 0;
    let at = this.brackets.begin(bytes, from, this.isLineForm() ? NEWLINE_ENDS_LINE : NEWLINE_READ);
    for (; at < bytes.length; at += 1) {
      const code = bytes[at]!;
      if (code === NEWLINE) {
        this.endLine(block, chunkStart + at + 1);
        continue;
      }
      if (this.skippingLine || this.array.where === 'ignored') continue;
      if (this.firstLineOpen) {
        if (code === CARRIAGE_RETURN) continue;
        this.decideLayout(code, block);
      }
      const open = this.open;
      if (open === null) {
        at = this.between(bytes, at, chunkStart, block);
        continue;
      }
      if (open.scalar) {
        const atArrayLevel = this.brackets.depth === 1;
        if (atArrayLevel && (code === COMMA || code === CLOSE_BRACKET || isJsonSpace(code))) {
          this.close(bytes, at, chunkStart, block);
          at -= 1;
        }
        continue;
      }
      // Nearly every byte of a file is read here. In a line form a newline stops the walk: it cuts
      // the line, and the loop's top reads it.
      const rule: NewlineRule = this.isLineForm() ? NEWLINE_ENDS_LINE : NEWLINE_COUNT;
      at = this.brackets.walk(bytes, at, bytes.length, this.elementDepth(), rule);
      this.countLines(chunkStart);
      if (at === bytes.length) break;
      if (bytes[at] === NEWLINE) at -= 1;
      else this.close(bytes, at + 1, chunkStart, block);
    }
    if (this.open?.keep) {
      this.pieces.push(bytes.slice(Math.max(0, this.open.from - chunkStart)));
    }
  }

  /** Counts the lines the walk passed inside an object. */
  private countLines(chunkStart: number): void {
    const { lines, lastNewline } = this.brackets;
    if (lines === 0) return;
    this.line += lines;
    this.lineStart = chunkStart + lastNewline + 1;
    this.brackets.lines = 0;
  }

  /** The depth of the objects: inside the array, or at the top. */
  private elementDepth(): number {
    return this.form === 'json-array' ? 1 : 0;
  }

  /** Reads a byte outside every object; returns the index of the last byte it read. */
  private between(bytes: Uint8Array, at: number, chunkStart: number, block: CutBlock): number {
    const code = bytes[at]!;
    if (isJsonSpace(code)) return at;
    const place = this.placeOf(chunkStart + at);
    if (this.form !== 'json-array') {
      if (code === OPEN_BRACE) this.openObject(place);
      else {
        this.report(block, place, 'is not a JSON object');
        this.skippingLine = true;
      }
    } else {
      const step = this.array.read(code, place, (where, reason) =>
        this.report(block, where, reason),
      );
      if (step === 'opened') this.brackets.depth = 1;
      else if (step === 'closed') this.brackets.depth = 0;
      if (step !== 'element') return at;
      if (code === OPEN_BRACE) {
        this.openObject(place);
        return at;
      }
      this.report(
        block,
        place,
        `is element ${this.array.elements} of the array, which is not an object`,
      );
      this.open = { ...place, json: place.from, keep: false, scalar: code !== OPEN_BRACKET };
      if (code === OPEN_BRACKET) this.brackets.depth += 1;
      else if (code === QUOTE) {
        return this.brackets.passString(bytes, at + 1, bytes.length, NEWLINE_READ);
      }
    }
    return at;
  }

  private openObject(place: Place): void {
    this.open = { ...place, json: place.from, keep: true, scalar: false };
    this.brackets.depth += 1;
  }

  /** Ends the line being read; the next starts at the file offset `next`. */
  private endLine(block: CutBlock, next: number): void {
    this.line += 1;
    this.lineStart = next;
    this.skippingLine = false;
    const brokeString = this.brackets.brokeString;
    this.brackets.brokeString = false;
    if (!this.open || this.form !== 'json-lines') return;
    // The first object may go on past its line because the file is laid out, not one object a
    // line; not when the line ends inside a string, which no JSON text does.
    if (this.objects === 0 && this.problemCount === 0 && !brokeString) this.firstLineOpen = true;
    else this.dropOpen(block, brokeString ? STRING_CUT_IN_LINE : CUT_IN_LINE);
  }

  /**
   * Whether the first object went on past its line because the file is laid out: yes, unless the
   * next line opens an object of its own at its very start, as a JSON lines file's next line does
   * after a line cut short (a laid-out file's next line holds a key, a value, a closing bracket,
   * or an object indented as a value inside the first).
   */
  private decideLayout(code: number, block: CutBlock): void {
    this.firstLineOpen = false;
    if (code === OPEN_BRACE) this.dropOpen(block, CUT_IN_LINE);
    else this.form = 'json-objects';
  }

  /** Reports the open object, cut short, and reads on after it. */
  private dropOpen(block: CutBlock, reason: string): void {
    this.report(block, this.open!, reason);
    this.open = null;
    this.pieces = [];
    this.brackets.reset();
  }

  /** Ends the open object at `end` (an index into `bytes`) and keeps it. */
  private close(bytes: Uint8Array, end: number, chunkStart: number, block: CutBlock): void {
    const open = this.open!;
    this.open = null;
    const pieces = this.pieces;
    this.pieces = [];
    if (!open.keep) return;
    const source = pieces.length === 0 ? bytes : concatBytes([...pieces, bytes.subarray(0, end)]);
    const sourceStart = pieces.length === 0 ? chunkStart : open.from;
    const from = open.from - sourceStart;
    const json = open.json - sourceStart;
    const to = end + chunkStart - sourceStart;
    const line = objectLine(source, this.bodyStart + sourceStart, from, json, to);
    if (typeof line === 'string') return this.report(block, open, line);
    block.lines.push(line);
    this.objects += 1;
    this.goodEnd = line.end;
  }

  /** The place of the file offset `from`, on the line being read. */
  private placeOf(from: number): Place {
    return { from, line: this.line, column: from - this.lineStart + 1 };
  }

  private report(block: CutBlock, { line, column, from }: Place, reason: string): void {
    this.problemCount += 1;
    block.problems.push({ line, column, byte: from, reason });
  }
}
