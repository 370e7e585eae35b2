import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clippedText, decodeSpan, findNewlinesInUtf8, isUtf8 } from '../../../src/bytes/utf8Text';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function decodesStrictly(bytes: Uint8Array): boolean {
  try {
    fatal.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

// Mostly ASCII with the lead and continuation bytes that make UTF-8 hard, at any alignment.
const byteArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 1, arbitrary: fc.constantFrom(0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2) },
  { weight: 1, arbitrary: fc.constantFrom(0xdf, 0xe0, 0xed, 0xee, 0xef, 0xf0, 0xf4, 0xf5, 0xff) },
);
const bytesAt = fc.record({
  bytes: fc.array(byteArb, { maxLength: 40 }),
  offset: fc.integer({ min: 0, max: 7 }),
});

function placed({ bytes, offset }: { bytes: number[]; offset: number }): Uint8Array {
  const buffer = new Uint8Array(offset + bytes.length);
  buffer.set(bytes, offset);
  return buffer.subarray(offset);
}

describe('isUtf8', () => {
  it('judges every byte sequence as a fatal TextDecoder does, at any alignment', () => {
    fc.assert(
      fc.property(bytesAt, (input) => {
        const bytes = placed(input);
        expect(isUtf8(bytes)).toBe(decodesStrictly(bytes));
      }),
      { numRuns: 5000 },
    );
  });

  it('accepts text in every script and rejects surrogates, overlongs and cut sequences', () => {
    const encoder = new TextEncoder();
    expect(isUtf8(encoder.encode('m² Façade 漢字 😀 '.repeat(100)))).toBe(true);
    expect(isUtf8(new Uint8Array([0xed, 0xa0, 0x80]))).toBe(false);
    expect(isUtf8(new Uint8Array([0xc0, 0xaf]))).toBe(false);
    expect(isUtf8(new Uint8Array([0xf0, 0x9f, 0x98]))).toBe(false);
    expect(isUtf8(new Uint8Array([0xf4, 0x90, 0x80, 0x80]))).toBe(false);
  });
});

describe('findNewlinesInUtf8', () => {
  const withNewlines = fc.record({
    bytes: fc.array(fc.oneof({ weight: 5, arbitrary: byteArb }, fc.constant(0x0a)), {
      maxLength: 60,
    }),
    offset: fc.integer({ min: 0, max: 7 }),
    cut: fc.tuple(fc.nat(), fc.nat()),
  });

  it('finds every newline of a span of valid UTF-8 and rejects what a TextDecoder rejects', () => {
    fc.assert(
      fc.property(withNewlines, ({ cut, ...input }) => {
        const bytes = placed(input);
        const [from, to] = cut.map((at) => at % (bytes.length + 1)).sort((a, b) => a - b) as [
          number,
          number,
        ];
        const newlines: number[] = [];
        const valid = findNewlinesInUtf8(bytes, from, to, newlines);

        expect(valid).toBe(decodesStrictly(bytes.subarray(from, to)));
        if (valid) {
          const expected = [...bytes.keys()].filter(
            (at) => at >= from && at < to && bytes[at] === 0x0a,
          );
          expect(newlines).toEqual(expected);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('finds the newlines of long ASCII text, word by word, around characters of every width', () => {
    const text = `${'a'.repeat(37)}\n m² Façade 漢字 😀\n${'b'.repeat(64)}\n\n`;
    const bytes = new TextEncoder().encode(text);
    const newlines: number[] = [];

    expect(findNewlinesInUtf8(bytes, 0, bytes.length, newlines)).toBe(true);
    expect(newlines).toEqual([...bytes.keys()].filter((at) => bytes[at] === 0x0a));
  });
});

describe('decodeSpan', () => {
  it('gives the text a TextDecoder gives for any span of valid text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.nat(),
        fc.nat(),
        (text, a, b) => {
          const bytes = new TextEncoder().encode(text);
          const start = a % (bytes.length + 1);
          const end = start + (b % (bytes.length - start + 1));
          expect(decodeSpan(bytes, start, end)).toBe(decoder.decode(bytes.subarray(start, end)));
        },
      ),
    );
  });
});

describe('clippedText', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('quotes a text whole up to the length, and its start and "…" past it', () => {
    expect(clippedText(bytes('abcdef'), 1, 4, 3)).toBe('bcd');
    expect(clippedText(bytes('abcdef'), 0, 6, 3)).toBe('abc…');
  });

  it('decodes only the bytes that can hold what it shows, whatever their characters', () => {
    const euros = '€'.repeat(10);
    expect(clippedText(bytes(euros), 0, 30, 10)).toBe(euros);
    expect(clippedText(bytes(`${euros}€`), 0, 33, 10)).toBe(`${euros}…`);
    expect(clippedText(bytes(`${euros}${'a'.repeat(1000)}`), 0, 1030, 10)).toBe(`${euros}…`);
    // Counted in UTF-16 units, as the message's string is: an emoji is two.
    expect(clippedText(bytes('😀'.repeat(5)), 0, 20, 10)).toBe('😀'.repeat(5));
    expect(clippedText(bytes('😀'.repeat(6)), 0, 24, 10)).toBe(`${'😀'.repeat(5)}…`);
  });
});
