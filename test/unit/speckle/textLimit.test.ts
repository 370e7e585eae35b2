import { describe, expect, it } from 'vitest';
import { objectSource } from '../../../src/features/explore/tree/objectSource';
import { EXPORT_FORMATS } from '../../../src/features/exports/formats';
import { uniqueObjects } from '../../../src/features/exports/setExport';
import { parsedObjects } from '../../../src/objects/set/objectLookup';
import { MAX_TEXT_BYTES, TextTooLargeError } from '../../../src/speckle/textLimit';
import { collect } from '../support/exportFixtures';
import { loadedSet } from '../support/objectSets';
import { paddedObjectText } from '../support/paddedObjects';

const BIG_ID = 'b'.repeat(32);
const SMALL_ID = 's'.repeat(32);
const EDGE_ID = 'e'.repeat(32);

function objectOfSize(id: string, bytes: number): { id: string; raw: string } {
  return { id, raw: paddedObjectText(id, bytes) };
}

describe('an object over the text limit, in a loaded set', () => {
  const big = objectOfSize(BIG_ID, MAX_TEXT_BYTES + 1_000_000);
  const small = objectOfSize(SMALL_ID, 200);
  const edge = objectOfSize(EDGE_ID, MAX_TEXT_BYTES);
  const set = loadedSet([small, big, edge]);

  const tooLargeMessage = `Object ${BIG_ID} is 65.0 MB of JSON, more than the 64 MB this explorer reads as text, so it is not shown, searched or written as text. Its bytes are kept as received: "Download server lines (id, tab, JSON)" saves them exactly.`;

  it('is listed and counted, and its bytes are kept exactly', () => {
    expect(set.getProgress()).toMatchObject({ received: 3, tooLarge: 1 });
    const record = set.summaries.at(1)!;
    expect(record.id).toBe(BIG_ID);
    expect(record.bytes).toBe(big.raw.length);
    const encoded = record.encoded;
    expect(encoded.length).toBe(big.raw.length);
    expect(new TextDecoder().decode(encoded.subarray(0, 40))).toBe(big.raw.slice(0, 40));
    expect(encoded.at(-1)).toBe('}'.charCodeAt(0));
    const body = set.bodyBytes();
    expect(body.reduce((sum, part) => sum + part.length, 0)).toBe(
      [small, big, edge].reduce((sum, { id, raw }) => sum + `${id}\t${raw}\n`.length, 0),
    );
  });

  it('is not decoded: reading its text throws an error that names it, its size and the way to save it', () => {
    let thrown: unknown;
    try {
      void set.raw(BIG_ID);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TextTooLargeError);
    expect((thrown as Error).message).toBe(tooLargeMessage);
    expect(set.raw(SMALL_ID)).toBe(small.raw);
    expect(set.raw(EDGE_ID)).toBe(edge.raw);
  });

  it('is shown as that message, not as text', () => {
    expect(objectSource(() => set.raw(BIG_ID)!).parsed).toEqual({
      ok: false,
      tooLarge: tooLargeMessage,
    });
  });

  it('is, to recomposition, absent, and titled by its type alone', () => {
    const objects = parsedObjects(set);
    expect(objects.lookup(BIG_ID)).toBeUndefined();
    expect(objects.title(BIG_ID)).toBe('Base');
  });

  it('is in the ids and the JSON lines exports, and stops a text export with that message', async () => {
    const ids = await collect(EXPORT_FORMATS.ids.parts({ objects: uniqueObjects(set) }));
    expect(ids.join('')).toBe(`${SMALL_ID}\n${BIG_ID}\n${EDGE_ID}\n`);

    const lines: Uint8Array[] = [];
    for await (const part of EXPORT_FORMATS.jsonLines.parts({
      records: set.records,
      lineBytes: set.bodyBytes(),
    })) {
      lines.push(typeof part === 'string' ? new TextEncoder().encode(part) : part);
    }
    expect(Buffer.concat(lines).equals(Buffer.concat(set.bodyBytes()))).toBe(true);

    await expect(
      collect(EXPORT_FORMATS.ndjson.parts({ objects: uniqueObjects(set) })),
    ).rejects.toThrow(tooLargeMessage);
  });
});
