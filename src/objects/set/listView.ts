import type { ReadonlyList } from '../../lib/readonlyList';

/** A list read through two functions: the set's columns seen as a list of records. */
export class ListView<Item> implements ReadonlyList<Item> {
  constructor(
    private readonly count: () => number,
    private readonly item: (index: number) => Item,
  ) {}

  get length(): number {
    return this.count();
  }

  at(index: number): Item | undefined {
    return index >= 0 && index < this.count() ? this.item(index) : undefined;
  }
}
