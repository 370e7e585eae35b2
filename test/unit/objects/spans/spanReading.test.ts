import { describe, expect, it } from 'vitest';
import { eachText, readSpans, type ReadSpan } from '../../../../src/objects/spans/spanReading';
import { textSpan, type ObjectSpan } from '../../../../src/objects/spans/textSpans';
import { MAX_TEXT_BYTES } from '../../../../src/speckle/textLimit';
import { bodyOfLines } from '../../support/lineRecords';

const objects = Array.from({ length: 12 }, (_, index) => ({ id: `object-${index}`, n: index }));
const { body, records } = bodyOfLines(objects);
const decoder = new TextDecoder();

/** The set's spans of at most 100 bytes, the first half of the body in the page, each read kept. */
function pageAndStore(sizeOf = (index: number) => records[index]!.bytes) {
  const storedFrom = Math.floor(body.length / 2);
  const spanned = {
    count: records.length,
    record: (index: number) => ({ ...records[index]!, bytes: sizeOf(index) }),
    storedFrom,
  };
  const events: string[] = [];
  const want = async (from: number) => {
    events.push(`want ${from}`);
    return textSpan(spanned, from, 100);
  };
  const readers = {
    readPage: async (start: number, length: number) => {
      events.push(`page ${start}`);
      return [body.slice(start, start + length)];
    },
    readStored: async (start: number, length: number) => {
      events.push(`store ${storedFrom + start}`);
      return body.slice(storedFrom + start, storedFrom + start + length);
    },
  };
  return { want, readers, events };
}

async function all(spans: AsyncIterable<ReadSpan>): Promise<ReadSpan[]> {
  const read: ReadSpan[] = [];
  for await (const span of spans) read.push(span);
  return read;
}

function texts(spans: readonly ReadSpan[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const span of spans) eachText(span, (id, text) => (found[id] = decoder.decode(text)));
  return found;
}

describe('reading every text of a set, span by span', () => {
  it('gives every object’s text once, in order, from the page and the store', async () => {
    const { want, readers, events } = pageAndStore();
    const spans = await all(readSpans(want, readers));
    expect(spans.length).toBeGreaterThan(3);
    expect(spans.flatMap(({ span }) => span.ids)).toEqual(objects.map(({ id }) => id));
    expect(texts(spans)).toEqual(
      Object.fromEntries(objects.map((object) => [object.id, JSON.stringify(object)])),
    );
    expect(events.some((event) => event.startsWith('page'))).toBe(true);
    expect(events.some((event) => event.startsWith('store'))).toBe(true);
  });

  it('asks for the next span before the one in hand is taken', async () => {
    const { want, readers, events } = pageAndStore();
    const spans = readSpans(want, readers);
    const first = await spans.next();
    expect((first.value as ReadSpan).span.from).toBe(0);
    const next = (first.value as ReadSpan).span.ids.length;
    expect(events).toContain(`want ${next}`);
    await spans.return(undefined);
  });

  it('reads the bytes only of the spans it needs', async () => {
    const { want, readers, events } = pageAndStore();
    const needs = (span: ObjectSpan) => span.ids.includes('object-11');
    const spans = await all(readSpans(want, readers, needs));
    expect(spans.filter(({ bytes }) => bytes !== null)).toHaveLength(1);
    expect(Object.keys(texts(spans))).toContain('object-11');
    expect(events.filter((event) => !event.startsWith('want'))).toHaveLength(1);
  });

  it('names each text too large to read, and reads none of its bytes', async () => {
    const { want, readers } = pageAndStore((index) =>
      index === 3 ? MAX_TEXT_BYTES + 1 : records[index]!.bytes,
    );
    const tooLarge: string[] = [];
    const found: string[] = [];
    for await (const span of readSpans(want, readers)) {
      eachText(
        span,
        (id) => found.push(id),
        (id) => tooLarge.push(id),
      );
    }
    expect(tooLarge).toEqual(['object-3']);
    expect(found).toEqual(objects.map(({ id }) => id).filter((id) => id !== 'object-3'));
  });

  it('throws the reader’s failure to the one reading', async () => {
    const { want, readers } = pageAndStore();
    const failing = { ...readers, readStored: () => Promise.reject(new Error('the file is gone')) };
    await expect(all(readSpans(want, failing))).rejects.toThrow('the file is gone');
  });
});
