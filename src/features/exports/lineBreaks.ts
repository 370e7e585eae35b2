/**
 * The separators that start a line of indented JSON at each depth, made once per depth. The
 * indentation stops growing past MAX_INDENTED_LEVELS: deeper lines start at that column. Indented
 * in full, nesting n levels deep takes n² spaces (a hostile 100,000-level text would need 10 GB);
 * capped, the layout's size stays linear in the text's, and it is still JSON, parsed the same.
 * Real Speckle objects are nowhere near that deep, so their layout is JSON.stringify's exactly.
 */
export const MAX_INDENTED_LEVELS = 64;

export class LineBreaks {
  private readonly first: string[] = [];
  private readonly next: string[] = [];

  constructor(private readonly indent: number) {}

  before(depth: number): string {
    const level = Math.min(depth, MAX_INDENTED_LEVELS);
    return (this.first[level] ??= this.indent > 0 ? `\n${' '.repeat(this.indent * level)}` : '');
  }

  afterComma(depth: number): string {
    const level = Math.min(depth, MAX_INDENTED_LEVELS);
    return (this.next[level] ??= `,${this.before(level)}`);
  }
}
