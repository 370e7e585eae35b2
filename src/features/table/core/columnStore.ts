/**
 * One column's cells for every row, compactly: a million rows must cost a small part of the JSON
 * they were read from. Per row, a text code (4 bytes), a number (8 bytes) and a unit code (4
 * bytes); the texts once each while there are few of them (a type, a level, a material), one per
 * row past that (names, ids: a dictionary of a million would cost more than it saves); a number's
 * text not at all when it is the number as JavaScript writes it, which is how JSON's numbers read.
 */
import type { TableCell } from './tableRows';
import type { CellValue } from './cellValues';

const MISSING = -1;
/** The text is the number as `String(number)` writes it. */
const NUMBER_TEXT = -2;
/** Past this many distinct texts a column stops looking for repeats. */
const DICTIONARY_LIMIT = 65_536;

export class ColumnStore {
  private codes = new Int32Array(1024);
  private numbers = new Float64Array(1024);
  private unitCodes = new Int32Array(1024);
  private readonly texts: string[] = [];
  private readonly textCodes = new Map<string, number>();
  private readonly units: string[] = [];
  private readonly unitCodesByName = new Map<string, number>();
  private ranks: Int32Array | null = null;
  /** Rows set so far. */
  size = 0;

  /** Sets the cell of `row`; rows are set in order, each once (a later set replaces). */
  set(row: number, cell: CellValue | null): void {
    this.reserve(row + 1);
    this.size = Math.max(this.size, row + 1);
    this.ranks = null;
    if (cell === null) {
      this.codes[row] = MISSING;
      this.numbers[row] = Number.NaN;
      this.unitCodes[row] = MISSING;
      return;
    }
    const { text, number, unit } = cell;
    this.numbers[row] = number ?? Number.NaN;
    this.codes[row] = number !== null && String(number) === text ? NUMBER_TEXT : this.code(text);
    this.unitCodes[row] = unit === null ? MISSING : this.unitCode(unit);
  }

  cell(row: number): TableCell | null {
    const code = this.codes[row]!;
    if (code === MISSING) return null;
    const unitCode = this.unitCodes[row]!;
    return {
      text: this.textAt(row, code),
      unit: unitCode === MISSING ? null : this.units[unitCode]!,
    };
  }

  has(row: number): boolean {
    return this.codes[row] !== MISSING;
  }

  /** The shown text, without the unit; null for a row without a value. */
  text(row: number): string | null {
    const code = this.codes[row]!;
    return code === MISSING ? null : this.textAt(row, code);
  }

  /** The cell's number; NaN when it is not one (or there is no value). */
  number(row: number): number {
    return this.numbers[row]!;
  }

  /**
   * For sorting: each row's rank among the column's texts in UTF-16 order (the same in every
   * locale), -1 for a number or a row without a value; worked out once, when first asked.
   */
  textRanks(): Int32Array {
    if (this.ranks) return this.ranks;
    const ranks = new Int32Array(this.size).fill(-1);
    const keys: Array<{ text: string; row: number }> = [];
    for (let row = 0; row < this.size; row += 1) {
      const code = this.codes[row]!;
      if (code === MISSING || !Number.isNaN(this.numbers[row]!)) continue;
      keys.push({ text: this.textAt(row, code), row });
    }
    keys.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    let rank = -1;
    for (let index = 0; index < keys.length; index += 1) {
      if (index === 0 || keys[index]!.text !== keys[index - 1]!.text) rank += 1;
      ranks[keys[index]!.row] = rank;
    }
    this.ranks = ranks;
    return ranks;
  }

  private textAt(row: number, code: number): string {
    return code === NUMBER_TEXT ? String(this.numbers[row]) : this.texts[code]!;
  }

  private code(text: string): number {
    const known = this.textCodes.get(text);
    if (known !== undefined) return known;
    this.texts.push(text);
    if (this.textCodes.size < DICTIONARY_LIMIT) this.textCodes.set(text, this.texts.length - 1);
    return this.texts.length - 1;
  }

  private unitCode(unit: string): number {
    let code = this.unitCodesByName.get(unit);
    if (code === undefined) {
      code = this.units.push(unit) - 1;
      this.unitCodesByName.set(unit, code);
    }
    return code;
  }

  private reserve(rows: number): void {
    if (rows <= this.codes.length) return;
    const size = Math.max(rows, this.codes.length * 2);
    this.codes = grown(this.codes, new Int32Array(size));
    this.numbers = grown(this.numbers, new Float64Array(size));
    this.unitCodes = grown(this.unitCodes, new Int32Array(size));
  }
}

function grown<T extends Int32Array | Float64Array>(old: T, next: T): T {
  next.set(old);
  return next;
}
