/**
 * The ids of a set's lines as the indexer sent them: per block, one text and where each id ends in
 * it (objects/set/indexedBlock.ts). An id is cut from its block's text only when asked for.
 */
import { lastAtOrBefore } from './byteStore';

export class IdTexts {
  private readonly texts: string[] = [];
  private readonly ends: Uint32Array[] = [];
  /** The number of each block's first line among all lines. */
  private readonly firstLines: number[] = [];

  /** Adds a block's ids, its first line being `firstLine`. */
  push(text: string, ends: Uint32Array, firstLine: number): void {
    this.texts.push(text);
    this.ends.push(ends);
    this.firstLines.push(firstLine);
  }

  idOf(line: number): string {
    const { text, start, end } = this.span(line);
    return text.slice(start, end);
  }

  is(line: number, id: string): boolean {
    const { text, start, end } = this.span(line);
    return end - start === id.length && text.startsWith(id, start);
  }

  /** Where the line's id sits in its block's id text. */
  private span(line: number): { text: string; start: number; end: number } {
    // The block that holds the line: the last one starting at or before it.
    const block = lastAtOrBefore(this.firstLines, line);
    const ends = this.ends[block]!;
    const local = line - this.firstLines[block]!;
    return {
      text: this.texts[block]!,
      start: local === 0 ? 0 : ends[local - 1]!,
      end: ends[local]!,
    };
  }
}
