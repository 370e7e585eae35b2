/**
 * What a received set knows of each line it received, without its text: its id, its type, where
 * its text lies in the body and its size, and an id table to find an object by id and to spot a
 * repeat as it arrives. No JavaScript object or string per object: the numbers go into columns
 * (lineColumns.ts), each block's ids stay the one text the indexer sent (idTexts.ts), and the
 * table files line numbers (idTable.ts). Objects and strings per object cost the page most of its
 * work while a 100,000-object model loaded, and every garbage collection a trace of each.
 */
import { idHash } from '../../bytes/idHash';
import { itemsSoFar } from '../../lib/readonlyList';
import { isTextTooLarge } from '../../speckle/textLimit';
import { IdTable } from './idTable';
import { IdTexts } from './idTexts';
import type { IndexedBlock } from './indexedBlock';
import { Column, LineColumns } from './lineColumns';
import type { LoadProgress } from './loadProgress';

/** What the index counts of the lines received so far. */
export type IndexCounts = Pick<
  LoadProgress,
  'received' | 'expected' | 'duplicates' | 'tooLarge' | 'damaged'
>;

export class SetIndex {
  /** The load's type table: the indexer numbers each type name in order of first sight. */
  private readonly typeNames: string[] = [];
  private readonly idTexts = new IdTexts();
  /** Each line's columns, by line number. */
  private readonly lines = new LineColumns();
  /**
   * The line of each distinct object, once a line repeated an earlier one; until then every line
   * is a distinct object, and the list would only cost memory.
   */
  private distinctLines: Column<Uint32Array> | null = null;
  /** Each distinct object's line, filed by its id's hash. */
  private readonly table = new IdTable(this.lines.hashes);
  /** The lines whose text is not whole JSON: few, almost always none. */
  private readonly damagedLines = new Set<number>();
  private counts: IndexCounts = {
    received: 0,
    expected: null,
    duplicates: 0,
    tooLarge: 0,
    damaged: 0,
  };

  /** Every line received, repeats included. */
  get lineCount(): number {
    return this.lines.length;
  }

  /** Distinct objects received. */
  get distinct(): number {
    return this.counts.received;
  }

  get rootId(): string | null {
    return this.lines.length > 0 ? this.idOf(0) : null;
  }

  /** Files the block's lines; returns the counts with them. */
  add(block: IndexedBlock): IndexCounts {
    let { received, expected, duplicates, tooLarge, damaged } = this.counts;
    const { starts, ends, types, idHashes } = block;
    const firstLine = this.lines.length;
    this.typeNames.push(...block.newTypes);
    if (starts.length > 0) this.idTexts.push(block.idText, block.idEnds, firstLine);
    if (received === 0 && block.expected !== null) {
      expected = block.expected;
      // The root's closure says how many objects to expect: room for them is made once.
      this.lines.reserve(expected);
      this.table.reserve(expected);
    }
    for (let index = 0; index < starts.length; index += 1) {
      const start = starts[index]!;
      const size = ends[index]! - start;
      const line = this.lines.push(start, size, types[index]!, idHashes[index]!);
      if (this.table.addUnlessPresent(line, this.sameIds) !== -1) {
        duplicates += 1;
        this.distinctLines ??= Column.counting(line);
        continue;
      }
      this.distinctLines?.push(line);
      received += 1;
      if (isTextTooLarge(size)) tooLarge += 1;
    }
    for (const index of block.damaged) {
      const line = firstLine + index;
      this.damagedLines.add(line);
      // A repeat's damage leaves the object as its first copy read: only its downloads hold it.
      if (this.find(this.idOf(line)) === line) damaged += 1;
    }
    this.counts = { received, expected, duplicates, tooLarge, damaged };
    return this.counts;
  }

  /** The line of the object with this id; -1 when none arrived. */
  find(id: string): number {
    return this.table.find(idHash(id), id, this.idIs);
  }

  /**
   * Each object's id once, in the order received, without a record for each: comparing two
   * versions looks up every id of both. Objects that arrive meanwhile are not part of it.
   */
  ids(): Iterable<string> {
    return itemsSoFar({
      length: this.distinct,
      at: (index) => this.idOf(this.distinctLine(index)),
    });
  }

  /** The line of the object at `index` among the distinct objects, in the order received. */
  readonly distinctLine = (index: number): number =>
    this.distinctLines ? this.distinctLines.at(index) : index;

  idOf(line: number): string {
    return this.idTexts.idOf(line);
  }

  typeOf(line: number): string {
    return this.typeNames[this.lines.types.at(line)] ?? '';
  }

  /** The body offset of the line's text. */
  start(line: number): number {
    return this.lines.starts.at(line);
  }

  /** The size of the line's text in UTF-8 bytes. */
  size(line: number): number {
    return this.lines.sizes.at(line);
  }

  isDamaged(line: number): boolean {
    return this.damagedLines.size > 0 && this.damagedLines.has(line);
  }

  /** The body offset past the line's text: where its `\r\n` or `\n` begins. */
  endOf(line: number): number {
    return this.lines.endOf(line);
  }

  /** How many of the first `count` lines that `lineOf` picks end before `end` (LineColumns). */
  countEndingBefore(end: number, count: number, lineOf: (index: number) => number): number {
    return this.lines.countEndingBefore(end, count, lineOf);
  }

  private readonly idIs = (line: number, id: string): boolean => this.idTexts.is(line, id);

  private readonly sameIds = (line: number, other: number): boolean =>
    this.idIs(line, this.idOf(other));
}
