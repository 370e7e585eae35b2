import type { LineBlock, LineRecord } from '../../../src/bytes/lines';
import { ObjectSet } from '../../../src/objects/set/objectSet';
import { BlockIndexer } from '../../../src/objects/load/indexing';
import { memoryByteStore } from './memoryByteStore';

const encoder = new TextEncoder();

/** One indexer per set, as in a load: it numbers the types the set's table holds. */
const indexers = new WeakMap<ObjectSet, BlockIndexer>();

/**
 * Adds records to a set through the load's indexer. The records are laid out as the lines of a body
 * but not split again, so texts with line breaks (pretty-printed fixtures) keep them.
 */
export function appendRecords(set: ObjectSet, records: readonly LineRecord[]): void {
  set.appendBlock(indexRecords(set, records));
}

/**
 * Adds records as a block whose bytes the loader defers (objects/load/byteDeferral.ts); returns the
 * bytes, for `ObjectSet.receiveBytes`.
 */
export function appendDeferredRecords(set: ObjectSet, records: readonly LineRecord[]): Uint8Array {
  const block = indexRecords(set, records);
  set.appendBlock({ ...block, bytes: null });
  return block.bytes;
}

function indexRecords(set: ObjectSet, records: readonly LineRecord[]) {
  const encoded = records.map(({ id, raw }) => encoder.encode(`${id}\t${raw}\n`));
  const bytes = new Uint8Array(encoded.reduce((sum, line) => sum + line.length, 0));
  const lines: LineBlock['lines'] = [];
  // Body offsets: this block follows what the set holds already.
  const base = set.getProgress().bytes;
  let at = 0;
  for (const [index, line] of encoded.entries()) {
    const start = at + encoder.encode(`${records[index]!.id}\t`).length;
    lines.push({
      idStart: base + at,
      idEnd: base + start - 1,
      start: base + start,
      end: base + at + line.length - 1,
      source: bytes,
      sourceOffset: base,
    });
    bytes.set(line, at);
    at += line.length;
  }
  let indexer = indexers.get(set);
  if (!indexer) indexers.set(set, (indexer = new BlockIndexer()));
  return indexer.index({
    bytes,
    offset: base,
    lines,
    goodEnd: base + bytes.length,
    malformed: null,
    damaged: [],
  });
}

/** A set that received the records and finished. */
export function loadedSet(records: readonly LineRecord[]): ObjectSet {
  const set = new ObjectSet();
  appendRecords(set, records);
  set.finish();
  return set;
}

/**
 * A set that received the records and finished, the bytes of the first `inPage` kept in the page,
 * the rest's spilled to a store in memory, as a load spills a large body.
 */
export function spilledSet(records: readonly LineRecord[], inPage = 1): ObjectSet {
  const set = new ObjectSet();
  set.askForBytesWith(() => undefined);
  appendRecords(set, records.slice(0, inPage));
  const store = memoryByteStore();
  set.spillTo(store);
  store.append([appendDeferredRecords(set, records.slice(inPage))]);
  set.finish();
  return set;
}
