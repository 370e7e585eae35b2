/**
 * The numbers an object set keeps per received line, column by column in typed arrays: 100,000
 * objects as 100,000 JavaScript objects (each with its id string and a Map entry) cost the page
 * about twice the memory and most of its work while a model loads, and all of it is then traced
 * by every garbage collection.
 */

/** A typed array that grows as values are pushed, by half its size at a time. */
export class Column<Values extends Float64Array | Uint32Array> {
  length = 0;

  constructor(private values: Values) {}

  push(value: number): void {
    if (this.length === this.values.length) {
      this.reserve(Math.max(1024, Math.ceil(this.values.length * 1.5)));
    }
    this.values[this.length] = value;
    this.length += 1;
  }

  at(index: number): number {
    return this.values[index]!;
  }

  /** Makes room for `size` values, so that a known count is allocated once and exactly. */
  reserve(size: number): void {
    if (size <= this.values.length) return;
    const grown = new (this.values.constructor as new (size: number) => Values)(size);
    grown.set(this.values);
    this.values = grown;
  }

  /** A column holding 0, 1, … `count` - 1. */
  static counting(count: number): Column<Uint32Array> {
    const column = new Column(new Uint32Array(count));
    for (let index = 0; index < count; index += 1) column.push(index);
    return column;
  }
}

/**
 * Where each line's JSON text is in the body, its size in bytes, its type's number and its id's
 * hash: 20 bytes a line. (Ids stay in their blocks' id texts; see ObjectSet.)
 */
export class LineColumns {
  readonly starts = new Column(new Float64Array(0));
  readonly sizes = new Column(new Uint32Array(0));
  readonly types = new Column(new Uint32Array(0));
  readonly hashes = new Column(new Uint32Array(0));

  get length(): number {
    return this.starts.length;
  }

  /** Adds a line and returns its number. */
  push(start: number, size: number, type: number, hash: number): number {
    const line = this.length;
    this.starts.push(start);
    this.sizes.push(size);
    this.types.push(type);
    this.hashes.push(hash);
    return line;
  }

  reserve(lines: number): void {
    for (const column of this.columns()) column.reserve(lines);
  }

  /** The body offset past the JSON text of `line`: where its `\r\n` or `\n` begins. */
  endOf(line: number): number {
    return this.starts.at(line) + this.sizes.at(line);
  }

  /**
   * How many of the first `count` lines that `lineOf` picks (in body order) end before `end`,
   * their newline too: those a body kept up to `end` holds whole.
   */
  countEndingBefore(end: number, count: number, lineOf: (index: number) => number): number {
    let [low, high] = [0, count];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.endOf(lineOf(middle)) < end) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private columns() {
    return [this.starts, this.sizes, this.types, this.hashes];
  }
}
