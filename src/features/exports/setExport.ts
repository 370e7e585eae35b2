/**
 * What a with-children set's downloads read of the set (ObjectSet): its objects, and the size of
 * each file before it is written.
 */
import type { ObjectSummary } from '../../objects/set/body';
import { itemsSoFar, sumOf, type ReadonlyList } from '../../lib/readonlyList';
import { utf8ByteLength } from '../../bytes/utf8Text';
import type { ExportObject } from './formats';

/** The sizes a with-children load keeps, as ObjectSet does: each text's UTF-8 byte count. */
interface SizedSet {
  /** Every line received, repeats included. */
  readonly records: ReadonlyList<ObjectSummary>;
  /** Each object once. */
  readonly summaries: ReadonlyList<ObjectSummary>;
  /** The byte length of the body up to the end of its last good line. */
  bodyLength(): number;
}

/**
 * The size in bytes of a set export's file made now, known before it is written, so progress can
 * say "of how much"; null for a format whose size shows only in the writing. Exact, except NDJSON
 * of a text with line breaks (never sent by a server), which comes out smaller once compacted.
 */
export function setExportBytes(formatId: string, set: SizedSet): number | null {
  switch (formatId) {
    case 'jsonArray':
      return 2 + Math.max(0, set.records.length - 1) + sumOf(set.records, ({ bytes }) => bytes);
    case 'jsonLines':
      return set.bodyLength();
    case 'ndjson':
      return sumOf(set.summaries, ({ bytes }) => bytes + 1);
    case 'ids':
      return sumOf(set.summaries, ({ id }) => utf8ByteLength(id) + 1);
    default:
      return null;
  }
}

/** The received objects a with-children load holds, as ObjectSet keeps them. */
interface ReceivedObjects {
  readonly summaries: ReadonlyList<ExportObject>;
}

/** Each object once, in the order received: those received so far, not those still to come. */
export function uniqueObjects(set: ReceivedObjects): Iterable<ExportObject> {
  // The set's records, whose text is decoded only where a format reads it: the ids need none.
  return itemsSoFar(set.summaries);
}

/**
 * The items with the root's first copy moved to the front, the others in the order received. A
 * with-children answer puts its root first, and an opened file is told from that (README, "Open a
 * file"); so the set's downloads put first the root the page shows, which for opened files may be
 * another object than the first (found by the files' references, or picked).
 */
export async function* rootFirst<Item extends { id: string }, Root extends { id: string }>(
  items: Iterable<Item> | AsyncIterable<Item>,
  root: Root,
): AsyncGenerator<Item | Root> {
  yield root;
  let passed = false;
  for await (const item of items) {
    if (!passed && item.id === root.id) passed = true;
    else yield item;
  }
}
