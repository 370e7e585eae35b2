import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  KEY_KIND,
  searchMarker,
  wasmMarker,
  type MarkKeys,
} from '../../../../src/speckle/graph/linkKeys';

const encoder = new TextEncoder();
const KEYS: Array<[string, number]> = [
  ['"referencedId"', KEY_KIND.reference],
  ['"applicationId"', KEY_KIND.applicationId],
  ['"__closure"', KEY_KIND.closure],
  ['Proxies"', KEY_KIND.proxy],
  ['Proxy"', KEY_KIND.proxy],
];

/** Every place where a key's bytes stand, one place and key at a time. */
function marksOneByOne(text: Uint8Array): number[] {
  const marks: number[] = [];
  for (let at = 0; at < text.length; at += 1) {
    for (const [key, kind] of KEYS) {
      const bytes = encoder.encode(key);
      if (bytes.every((byte, index) => text[at + index] === byte)) marks.push((at << 2) | kind);
    }
  }
  return marks;
}

const sorted = (marks: ArrayLike<number>) => Array.from(marks).sort((a, b) => a - b);

const wasm = wasmMarker();

describe.each([
  ['WebAssembly', wasm!],
  ['JavaScript', searchMarker],
] as const)('the %s marker', (_, marker: MarkKeys) => {
  it('marks every key, whole, among pieces of keys and their rare bytes', () => {
    const pieceArb = fc.oneof(
      fc.constantFrom(...KEYS.map(([key]) => key)),
      fc.constantFrom(...KEYS.map(([key]) => key)).map((key) => key.slice(0, -1)),
      fc.constantFrom(...KEYS.map(([key]) => key)).map((key) => key.slice(1)),
      fc.constantFrom('I', '_', 'x', '"', 'd"', 'Id', '__', 'Prox', ': ', '{', ','),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(pieceArb, { maxLength: 40 }), (pieces) => {
        const text = encoder.encode(pieces.join(''));
        // Each kind's marks in the text's order: their order across kinds is the marker's own.
        const marks = Array.from(marker(text));
        for (const kind of Object.values(KEY_KIND)) {
          const ofKind = marks.filter((mark) => (mark & 3) === kind);
          expect(ofKind).toEqual(sorted(ofKind));
        }
        expect(sorted(marks)).toEqual(marksOneByOne(text));
      }),
    );
  });

  it('marks keys at a text’s very ends, in a text longer than the module’s first memory', () => {
    // 5 MiB: the module starts with 4 MiB, its keys and its text's padding in it.
    const text = new Uint8Array(5 << 20).fill(0x49);
    const first = encoder.encode('"__closure"');
    const last = encoder.encode('Proxy"');
    text.set(first, 0);
    text.set(encoder.encode('"referencedId"'), 3 << 20);
    text.set(last, text.length - last.length);
    expect(sorted(marker(text))).toEqual([
      (0 << 2) | KEY_KIND.closure,
      ((3 << 20) << 2) | KEY_KIND.reference,
      ((text.length - last.length) << 2) | KEY_KIND.proxy,
    ]);
    // The next, shorter text: nothing of the longer one's bytes is marked with it.
    expect(Array.from(marker(text.subarray(1, 20)))).toEqual([]);
  });
});

describe('wasmMarker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('compiles here', () => {
    expect(wasm).not.toBeNull();
  });

  it('is null where WebAssembly may not run, so that the byte searches are used', () => {
    // As under a Content-Security-Policy without 'wasm-unsafe-eval', which refuses to compile.
    vi.stubGlobal('WebAssembly', {
      ...WebAssembly,
      Module: function refused() {
        throw new WebAssembly.CompileError('Refused to compile or instantiate WebAssembly module');
      },
    });
    expect(wasmMarker()).toBeNull();
    vi.stubGlobal('WebAssembly', undefined);
    expect(wasmMarker()).toBeNull();
  });
});
