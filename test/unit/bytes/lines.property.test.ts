import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter, type LineRecord, type MalformedLine } from '../../../src/bytes/lines';
import { recordsOf, textAfter } from '../support/lineRecords';

const encoder = new TextEncoder();

interface ReadResult {
  records: LineRecord[];
  complete: boolean;
  trailing: string;
}

function read(chunks: Uint8Array[]): ReadResult {
  const outcome = readCatching(chunks);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.result;
}

/** Cuts `bytes` at the given positions (any order, repeats give empty chunks). */
function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const bounds = [0, ...cuts.map((cut) => cut % (bytes.length + 1)).sort((a, b) => a - b)];
  bounds.push(bytes.length);
  return bounds.slice(1).map((end, index) => bytes.subarray(bounds[index], end));
}

type Expected =
  | { kind: 'records'; result: ReadResult }
  | { kind: 'malformed'; lineNumber: number; recordsBefore: LineRecord[] };

/**
 * What the reader must do with a whole body, written the obvious way: decode everything, split at
 * `\n`, check each complete line. Null when the body is not UTF-8 as a whole.
 */
function expectedRead(bytes: Uint8Array): Expected | null {
  let text: string;
  try {
    // Like the reader's decoder, this drops a leading byte order mark.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const trailing = lines.pop() ?? '';
  const records: LineRecord[] = [];
  for (const [index, text] of lines.entries()) {
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (line === '') continue;
    const tab = line.indexOf('\t');
    if (tab <= 0 || line[tab + 1] !== '{') {
      return { kind: 'malformed', lineNumber: index + 1, recordsBefore: records };
    }
    records.push({ id: line.slice(0, tab), raw: line.slice(tab + 1) });
  }
  return { kind: 'records', result: { records, complete: trailing === '', trailing } };
}

/** Reads chunk by chunk, returning the records handed out before a malformed line too. */
function readCatching(
  chunks: Uint8Array[],
): { ok: true; result: ReadResult } | { ok: false; error: MalformedLine; delivered: LineRecord[] } {
  const splitter = new LineSplitter();
  const delivered: LineRecord[] = [];
  let goodEnd = 0;
  for (const chunk of chunks) {
    const block = splitter.push(chunk);
    if (!block) continue;
    delivered.push(...recordsOf(block));
    if (block.malformed) return { ok: false, error: block.malformed, delivered };
    goodEnd = block.goodEnd;
  }
  const trailing = textAfter(chunks, goodEnd);
  return { ok: true, result: { records: delivered, ...splitter.finish(), trailing } };
}

// Ids: any well-formed text without the two characters that frame a line (nor a leading byte order
// mark, which the decoder drops from the body's start).
const idArb = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
  .filter((id) => !/[\t\n]|^\uFEFF/.test(id));

// JSON.stringify escapes newlines and lone surrogates, so its output is one line of valid UTF-8;
// tabs and other control characters are escaped too, raw tabs are added by `rawArb` below.
const objectTextArb = fc
  .dictionary(fc.string({ unit: 'binary', maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), {
    maxKeys: 6,
  })
  .map((object) => JSON.stringify(object));

// The reader does not parse JSON: whatever follows the first tab, raw tabs included, is the text.
const rawArb = fc.oneof(
  objectTextArb,
  fc
    .tuple(objectTextArb, fc.string({ unit: 'binary-ascii', maxLength: 20 }))
    .map(([json, tail]) => `${json}${tail.replace(/[\n\r]/g, '\t')}`),
);

const recordArb = fc.record({ id: idArb, raw: rawArb });
const lineEndArb = fc.constantFrom('\n', '\r\n');

const validBodyArb = fc
  .array(fc.tuple(recordArb, lineEndArb, fc.constantFrom('', '', '', '\n', '\r\n')), {
    maxLength: 12,
  })
  .map((lines) => ({
    records: lines.map(([record]) => record),
    body: encoder.encode(
      lines.map(([record, end, blank]) => `${record.id}\t${record.raw}${end}${blank}`).join(''),
    ),
  }));

const cutsArb = fc.array(fc.nat(), { maxLength: 16 });

// Bytes that matter to the reader, UTF-8 lead and continuation bytes, and invalid ones.
const ADVERSARIAL_BYTES = [
  0x09, 0x0a, 0x0d, 0x7b, 0x7d, 0x22, 0x5c, 0x20, 0x61, 0x30, 0x00, 0x80, 0xbf, 0xc0, 0xc2, 0xe0,
  0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff,
];
const adversarialBytesArb = fc.oneof(
  fc.uint8Array({ maxLength: 200 }),
  fc
    .array(fc.constantFrom(...ADVERSARIAL_BYTES), { maxLength: 200 })
    .map((bytes) => Uint8Array.from(bytes)),
  // Valid bodies with bytes flipped: mostly valid text, broken in one or two places.
  fc
    .tuple(validBodyArb, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...ADVERSARIAL_BYTES))))
    .map(([{ body }, flips]) => {
      const bytes = Uint8Array.from(body);
      for (const [at, value] of flips) if (bytes.length > 0) bytes[at % bytes.length] = value;
      return bytes;
    }),
);

describe('LineSplitter (properties)', () => {
  it('reads the same records from a valid body however it is split', () => {
    fc.assert(
      fc.property(validBodyArb, cutsArb, ({ records, body }, cuts) => {
        expect(read(splitAt(body, cuts))).toEqual({ records, complete: true, trailing: '' });
      }),
      { numRuns: 400 },
    );
  });

  it('reports a body cut anywhere as cut, keeping exactly the lines that ended before the cut', () => {
    fc.assert(
      fc.property(validBodyArb, fc.nat(), cutsArb, ({ body }, cutAt, cuts) => {
        const cut = body.subarray(0, cutAt % (body.length + 1));
        const expected = expectedRead(cut);
        const result = read(splitAt(cut, cuts));

        if (expected === null) {
          // Cut inside a multi-byte character: truncated, never malformed.
          const linesBefore = expectedRead(cut.subarray(0, cut.lastIndexOf(0x0a) + 1));
          expect(result.complete).toBe(false);
          expect(linesBefore?.kind).toBe('records');
          if (linesBefore?.kind === 'records')
            expect(result.records).toEqual(linesBefore.result.records);
          return;
        }
        expect(expected.kind).toBe('records');
        if (expected.kind === 'records') expect(result).toEqual(expected.result);
      }),
      { numRuns: 300 },
    );
  });

  it('turns arbitrary bytes into the records a whole-body read gives, or a malformed line', () => {
    fc.assert(
      fc.property(adversarialBytesArb, cutsArb, (bytes, cuts) => {
        const outcome = readCatching(splitAt(bytes, cuts));
        const expected = expectedRead(bytes);

        if (expected?.kind === 'records') {
          expect(outcome).toEqual({ ok: true, result: expected.result });
        } else if (expected?.kind === 'malformed') {
          expect(outcome.ok).toBe(false);
          if (!outcome.ok) {
            expect(outcome.error.lineNumber).toBe(expected.lineNumber);
            // No good record before the bad line is lost, none after it is handed out.
            expect(outcome.delivered).toEqual(expected.recordsBefore);
          }
        } else if (outcome.ok) {
          // Not UTF-8 as a whole yet read without error: only a body cut inside a character.
          expect(outcome.result.complete).toBe(false);
        }
        for (const record of outcome.ok ? outcome.result.records : outcome.delivered) {
          expect(record.id).not.toBe('');
          expect(record.id).not.toContain('\t');
          expect(record.raw.startsWith('{')).toBe(true);
          expect(record.raw).not.toContain('\n');
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('reads a 1 MB line arriving 8 bytes at a time in bounded time', () => {
    const raw = `{"data":[${'12345.5,'.repeat(131_072)}0]}`;
    const body = encoder.encode(`a\t${raw}\nb\t{}\n`);
    const chunks: Uint8Array[] = [];
    for (let start = 0; start < body.length; start += 8) {
      chunks.push(body.subarray(start, start + 8));
    }

    // Linear work takes well under a second here; rejoining the pieces per chunk would take minutes,
    // and the test's timeout stops it.
    const { records, complete } = read(chunks);

    expect(complete).toBe(true);
    expect(records.map(({ id }) => id)).toEqual(['a', 'b']);
    expect(records[0]?.raw).toBe(raw);
  });
});
