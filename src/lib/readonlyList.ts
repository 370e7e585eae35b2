/**
 * What views need of a list that may be stored column by column and grow while a load runs: its
 * length and an item by index. Arrays are such lists, so pure code takes either.
 */
export interface ReadonlyList<Item> {
  readonly length: number;
  at(index: number): Item | undefined;
}

/**
 * The list's items as it stands now, read one by one as they are iterated: items that arrive later
 * are not part of it, and none is read before it is needed (a stored object's text is decoded
 * when asked for, so reading them all at once would hold a whole model as strings).
 */
export function itemsSoFar<Item>(list: ReadonlyList<Item>): Iterable<Item> {
  const count = list.length;
  return {
    *[Symbol.iterator]() {
      for (let index = 0; index < count; index += 1) yield list.at(index)!;
    },
  };
}

/** The sum of `size` over the list's items. */
export function sumOf<Item>(list: ReadonlyList<Item>, size: (item: Item) => number): number {
  let total = 0;
  for (let index = 0; index < list.length; index += 1) total += size(list.at(index)!);
  return total;
}

/** Items as a list, or as a stream of items that come one by one (texts read from disk). */
export type ListOrStream<Item> = ReadonlyList<Item> | AsyncIterable<Item>;

/** A list's items as it stands now (itemsSoFar), or the stream as it is. */
export function soFar<Item>(items: ListOrStream<Item>): Iterable<Item> | AsyncIterable<Item> {
  return Symbol.asyncIterator in items ? items : itemsSoFar(items);
}

/** The stream's items in arrays of `size` (the last may be shorter), for work done a batch at a time. */
export async function* inBatches<Item>(
  items: AsyncIterable<Item>,
  size: number,
): AsyncGenerator<Item[]> {
  let batch: Item[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length < size) continue;
    yield batch;
    batch = [];
  }
  if (batch.length > 0) yield batch;
}
