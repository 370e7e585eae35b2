/**
 * Finds where runs of plain ASCII end in a body's bytes: at a newline, or at the lead byte of a
 * multi-byte UTF-8 character (utf8Text.ts checks those). Real bodies are nearly all ASCII, so
 * passing over the runs is most of the scan. WebAssembly passes over sixteen bytes a step; where it
 * may not run (a Content-Security-Policy without 'wasm-unsafe-eval', WebAssembly turned off by a
 * browser policy), a JavaScript loop passes over four.
 */
import asciiRunsModule from './asciiRuns.wat';

/** The first index from `at` on whose byte is a newline or not ASCII, or the range's end. */
type NextRunEnd = (at: number) => number;

/** Prepares `bytes[from, to)` to be scanned, from front to back. */
export type AsciiRunScanner = (bytes: Uint8Array, from: number, to: number) => NextRunEnd;

const NEWLINE = 0x0a;

interface AsciiRunsExports {
  memory: WebAssembly.Memory;
  nextNewlineOrNonAscii(at: number, end: number): number;
}

/**
 * The WebAssembly scanner, or null where the module cannot be compiled. Only the range prepared
 * last can be scanned: each one is copied into the module's memory (a stream's chunks cannot be
 * read from there).
 */
export function wasmScanner(): AsciiRunScanner | null {
  let exports: AsciiRunsExports;
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(asciiRunsModule));
    exports = instance.exports as unknown as AsciiRunsExports;
  } catch {
    return null;
  }
  const { memory, nextNewlineOrNonAscii } = exports;
  // The memory is never grown (1 MiB): longer ranges are copied into it a window at a time.
  const windowBytes = new Uint8Array(memory.buffer);
  return (bytes, from, to) => {
    let windowStart = from;
    let windowEnd = from;
    return (at) => {
      for (; at < to; at = windowEnd) {
        if (at >= windowEnd) {
          windowStart = at;
          windowEnd = Math.min(to, at + windowBytes.length);
          windowBytes.set(bytes.subarray(windowStart, windowEnd));
        }
        const length = windowEnd - windowStart;
        const found = nextNewlineOrNonAscii(at - windowStart, length);
        if (found < length) return windowStart + found;
      }
      return to;
    };
  };
}

/** The JavaScript scanner: words of four bytes without a newline or a high bit are passed over. */
export const wordScanner: AsciiRunScanner = (bytes, _from, to) => {
  const { byteOffset } = bytes;
  const words = new Uint32Array(bytes.buffer, 0, bytes.buffer.byteLength >>> 2);
  // The last word that lies wholly before `to`, plus one.
  const wordsEnd = (byteOffset + to) >>> 2;
  return (at) => {
    for (; at < to; at += 1) {
      if (((byteOffset + at) & 3) === 0) {
        let word = (byteOffset + at) >>> 2;
        for (; word < wordsEnd; word += 1) {
          const value = words[word]!;
          // Some byte of `value ^ 0x0a0a0a0a` is zero exactly when some byte of `value` is a newline.
          const xored = value ^ 0x0a0a0a0a;
          if ((value & 0x80808080) !== 0 || ((xored - 0x01010101) & ~xored & 0x80808080) !== 0) {
            break;
          }
        }
        at = word * 4 - byteOffset;
        if (at >= to) break;
      }
      const byte = bytes[at]!;
      if (byte === NEWLINE || byte >= 0x80) return at;
    }
    return to;
  };
};

let chosen: AsciiRunScanner | undefined;

/** The fastest scanner this realm may run, chosen once. */
export function asciiRunScanner(): AsciiRunScanner {
  chosen ??= wasmScanner() ?? wordScanner;
  return chosen;
}
