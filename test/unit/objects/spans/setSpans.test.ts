import { describe, expect, it } from 'vitest';
import { readSpanBytes } from '../../../../src/objects/spans/spanBytes';
import { SetSpans } from '../../../../src/objects/spans/setSpans';
import { loadedSet, spilledSet } from '../../support/objectSets';

const record = (n: number) => ({ id: `id-${n}`, raw: `{"id":"id-${n}","name":"ünïcode ${n}"}` });
const decoder = new TextDecoder();

/** Each object's text the page's readers give, span by span. */
async function textsThrough(spans: SetSpans): Promise<string[]> {
  const found: string[] = [];
  for (let from = 0; ;) {
    const span = spans.from(from, 40);
    if (span.ids.length === 0) return found;
    const bytes = await readSpanBytes(span, spans.pageReaders());
    span.ids.forEach((_, index) => {
      const at = span.starts[index]! - span.start;
      found.push(decoder.decode(bytes.subarray(at, at + span.sizes[index]!)));
    });
    from += span.ids.length;
  }
}

describe('a set’s texts served span by span', () => {
  it('names the spans of a set in the page, and reads them there', async () => {
    const set = loadedSet([0, 1, 2].map(record));
    const spans = new SetSpans(set);
    expect(spans.storeReader()).toBeNull();
    expect(spans.from(0, 40).ids).toEqual(['id-0']);
    expect(spans.from(3).ids).toEqual([]);
    expect(await textsThrough(spans)).toEqual([0, 1, 2].map((n) => record(n).raw));
  });

  it('reads a spilled set’s texts from the page and the store, and lends the store’s reader', async () => {
    const set = spilledSet([0, 1, 2, 3].map(record));
    const spans = new SetSpans(set);
    expect(await textsThrough(spans)).toEqual([0, 1, 2, 3].map((n) => record(n).raw));
    const reader = spans.storeReader();
    expect(reader?.port).toBeDefined();
    reader?.close();
  });

  it('copies the page’s bytes into one buffer, reused call after call', () => {
    const spans = new SetSpans(loadedSet([0, 1, 2].map(record)));
    const first = spans.pageCopy(0, 10);
    const second = spans.pageCopy(20, 10);
    expect(second.buffer).toBe(first.buffer);
    expect(decoder.decode(second)).toBe(decoder.decode(spans.pagePieces(20, 10)[0]));
  });
});
