/**
 * The objects a search found, as two numbers each: the object's place in the set and where its
 * matches end in the list of all matches. A million found objects are 12 MB of typed arrays; the
 * matches' paths and excerpts are asked for only for the rows on screen.
 */
export interface MatchRow {
  /** The object's place among those found. */
  found: number;
  /** Its place in the set. */
  index: number;
  /** The match's place among the object's matches. */
  match: number;
}

export class FoundObjects {
  private indices = new Int32Array(256);
  private ends = new Float64Array(256);
  private size = 0;

  /** Objects found. */
  get length(): number {
    return this.size;
  }

  /** Matches in all the objects found. */
  get matches(): number {
    return this.size === 0 ? 0 : this.ends[this.size - 1]!;
  }

  add(objects: readonly number[], counts: readonly number[]): void {
    for (let i = 0; i < objects.length; i += 1) {
      if (this.size === this.indices.length) this.grow();
      this.indices[this.size] = objects[i]!;
      this.ends[this.size] = this.matches + counts[i]!;
      this.size += 1;
    }
  }

  /** Which object and which of its matches the `row`th match of all is; null past the last. */
  row(row: number): MatchRow | null {
    if (row < 0 || row >= this.matches) return null;
    let low = 0;
    let high = this.size - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ends[middle]! > row) high = middle;
      else low = middle + 1;
    }
    const before = low === 0 ? 0 : this.ends[low - 1]!;
    return { found: low, index: this.indices[low]!, match: row - before };
  }

  private grow(): void {
    const indices = new Int32Array(this.indices.length * 2);
    indices.set(this.indices);
    const ends = new Float64Array(this.ends.length * 2);
    ends.set(this.ends);
    this.indices = indices;
    this.ends = ends;
  }
}
