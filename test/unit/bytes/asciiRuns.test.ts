import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wasmScanner, wordScanner, type AsciiRunScanner } from '../../../src/bytes/asciiRuns';

const NEWLINE = 0x0a;

/** Every index of `bytes[from, to)` where a run of ASCII ends, one byte at a time. */
function runEndsByteByByte(bytes: Uint8Array, from: number, to: number): number[] {
  const ends: number[] = [];
  for (let at = from; at < to; at += 1) {
    if (bytes[at] === NEWLINE || bytes[at]! >= 0x80) ends.push(at);
  }
  return ends;
}

function runEnds(scanner: AsciiRunScanner, bytes: Uint8Array, from: number, to: number): number[] {
  const next = scanner(bytes, from, to);
  const ends: number[] = [];
  for (let at = next(from); at < to; at = next(at + 1)) ends.push(at);
  return ends;
}

const wasm = wasmScanner();

describe.each([
  ['WebAssembly', wasm!],
  ['JavaScript', wordScanner],
] as const)('the %s scanner', (_, scanner) => {
  it('finds every newline and non-ASCII byte of any range, at any alignment', () => {
    const byteArb = fc.oneof(
      { weight: 12, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
      { weight: 1, arbitrary: fc.constant(NEWLINE) },
      { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
    );
    fc.assert(
      fc.property(
        fc.array(byteArb, { maxLength: 120, size: 'max' }),
        fc.integer({ min: 0, max: 7 }),
        fc.nat(),
        fc.nat(),
        (values, offset, a, b) => {
          const buffer = new Uint8Array(offset + values.length);
          buffer.set(values, offset);
          const bytes = buffer.subarray(offset);
          const from = values.length === 0 ? 0 : a % (values.length + 1);
          const to = from + (values.length === 0 ? 0 : b % (values.length - from + 1));
          expect(runEnds(scanner, bytes, from, to)).toEqual(runEndsByteByByte(bytes, from, to));
        },
      ),
    );
  });

  it('scans a range longer than its working memory, ends on either side of each window', () => {
    // 2.5 MiB: the WebAssembly scanner copies 1 MiB at a time.
    const bytes = new Uint8Array(5 << 19).fill(0x61);
    const marks = [
      0,
      15,
      16,
      17,
      (1 << 20) - 1,
      1 << 20,
      (1 << 20) + 1,
      (2 << 20) - 2,
      bytes.length - 1,
    ];
    marks.forEach((at, index) => (bytes[at] = index % 2 === 0 ? NEWLINE : 0xc3));
    expect(runEnds(scanner, bytes, 0, bytes.length)).toEqual(marks);
    expect(runEnds(scanner, bytes, 17, (1 << 20) + 1)).toEqual(marks.slice(3, 6));
  });

  it('goes on from an index past a window the caller skipped into', () => {
    const bytes = new Uint8Array(3 << 20).fill(0x62);
    bytes[(1 << 20) - 1] = 0xe2;
    bytes[(2 << 20) + 5] = NEWLINE;
    const next = scanner(bytes, 0, bytes.length);
    expect(next(0)).toBe((1 << 20) - 1);
    // A multi-byte character's continuation bytes are passed over by the caller.
    expect(next((1 << 20) + 2)).toBe((2 << 20) + 5);
    expect(next((2 << 20) + 6)).toBe(bytes.length);
  });
});

describe('wasmScanner', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('compiles here', () => {
    expect(wasm).not.toBeNull();
  });

  it('is null where WebAssembly may not run, so that the JavaScript scanner is used', () => {
    // As under a Content-Security-Policy without 'wasm-unsafe-eval', which refuses to compile.
    vi.stubGlobal('WebAssembly', {
      ...WebAssembly,
      Module: function refused() {
        throw new WebAssembly.CompileError('Refused to compile or instantiate WebAssembly module');
      },
    });
    expect(wasmScanner()).toBeNull();
    vi.stubGlobal('WebAssembly', undefined);
    expect(wasmScanner()).toBeNull();
  });
});
