import { runNow } from '../../../src/lib/slices';
import { describe, expect, it, vi } from 'vitest';
import {
  decodePieces,
  flatClosureCount,
  flatClosureSpan,
  textWithoutClosure,
} from '../../../src/bytes/closureAside';
import { DeferredJson, settled } from '../../../src/bytes/lazyObject';
import { readObjectSource } from '../../../src/features/explore/tree/objectSource';

const encoder = new TextEncoder();

/** The text's bytes cut at `cuts`, as a body's blocks cut an object's text. */
function piecesOf(text: string, cuts: number[]): Uint8Array[] {
  const bytes = encoder.encode(text);
  return [0, ...cuts].map((from, index) => bytes.subarray(from, cuts[index] ?? bytes.length));
}

/** A root as a server writes it: its closure after the short keys, with `ids` entries. */
function rootText(ids: number, extra: Record<string, unknown> = {}): string {
  const closure = Object.fromEntries(
    Array.from({ length: ids }, (_, i) => [i.toString(16).padStart(32, '0'), 1 + (i % 5)]),
  );
  return JSON.stringify({
    id: 'r'.repeat(32),
    name: 'Modèle ✓',
    elements: [{ referencedId: 'a'.repeat(32), speckle_type: 'reference' }],
    __closure: closure,
    ...extra,
    speckle_type: 'Base',
    totalChildrenCount: ids,
  });
}

describe('flatClosureCount', () => {
  it("counts the ids of a root's own closure, not those of a nested one", () => {
    const nested = { referencedId: 'b'.repeat(32), __closure: { ['c'.repeat(32)]: 1 } };
    expect(flatClosureCount(encoder.encode(rootText(1000, { zNested: nested })))).toBe(1000);
    expect(flatClosureCount(encoder.encode(rootText(0)))).toBe(0);
  });

  it('is unknown for an object without a closure, or one that is not JSON', () => {
    expect(flatClosureCount(encoder.encode('{"id":"x","speckle_type":"Base"}'))).toBeNull();
    expect(flatClosureCount(encoder.encode('[1,2]'))).toBeNull();
  });
});

describe('flatClosureSpan', () => {
  it('finds the closure of a root cut in pieces anywhere, and leaves the rest to decode', () => {
    const text = rootText(3);
    const bytes = encoder.encode(text);
    const closure = JSON.stringify(JSON.parse(text).__closure);
    // Where the closure's `{` is: its key and that brace must lie in the first piece.
    const opening = encoder.encode(text.slice(0, text.indexOf('"__closure":{') + 12)).length;
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const pieces = piecesOf(text, [cut]);
      const span = flatClosureSpan(pieces);
      if (cut <= opening) {
        expect(span, `cut at ${cut}`).toBeNull();
        continue;
      }
      expect(span, `cut at ${cut}`).not.toBeNull();
      expect(decodePieces(pieces, span!.start, span!.end)).toBe(closure);
      expect(JSON.parse(textWithoutClosure(pieces, span!))).toEqual({
        ...JSON.parse(text),
        __closure: {},
      });
    }
  });

  it('finds none in an object without a closure, or whose closure is not an object', () => {
    expect(flatClosureSpan(piecesOf('{"id":"x","speckle_type":"Base"}', []))).toBeNull();
    expect(flatClosureSpan(piecesOf('{"id":"x","__closure":null}', []))).toBeNull();
    expect(flatClosureSpan(piecesOf('[1,2]', []))).toBeNull();
  });
});

describe('readObjectSource with the bytes of a big root', () => {
  it('shows the root without decoding its closure, which is read when opened', () => {
    const text = rootText(30_000);
    const read = vi.fn(() => text);
    const pieces = piecesOf(text, [200, 700_000, 1_300_000]);
    const bytesRead = vi.fn(() => pieces);
    const source = runNow(readObjectSource(read, bytesRead).parseSteps());
    expect(read).not.toHaveBeenCalled();
    expect(source.parsed.ok).toBe(true);
    const value = (source.parsed as { value: Record<string, unknown> }).value;
    expect(Object.keys(value)).toEqual(Object.keys(JSON.parse(text)));
    expect(value.__closure).toBeInstanceOf(DeferredJson);
    expect((value.__closure as DeferredJson).isParsed).toBe(false);
    expect(settled(value.__closure)).toEqual(JSON.parse(text).__closure);
    expect(value.name).toBe('Modèle ✓');
    expect(read).not.toHaveBeenCalled();
  });

  it('reads the text whole when the closure is not a flat object', () => {
    const text = rootText(30_000).replace('"__closure":{', '"__closure":{"nested":{"a":1},');
    const read = vi.fn(() => text);
    const source = runNow(readObjectSource(read, () => piecesOf(text, [500_000])).parseSteps());
    expect(read).toHaveBeenCalled();
    const value = (source.parsed as { value: Record<string, unknown> }).value;
    expect(settled(value.__closure)).toEqual(JSON.parse(text).__closure);
  });
});
