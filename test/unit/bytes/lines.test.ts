import { describe, expect, it } from 'vitest';
import { LineSplitter, type LineRecord, type MalformedLine } from '../../../src/bytes/lines';
import { recordsOf, textAfter } from '../support/lineRecords';
import { readRealFixture } from '../support/realFixtures';

const encoder = new TextEncoder();

/** The records read, whether the body ended with its last line, and the text after that line. */
function read(chunks: Uint8Array[]) {
  const splitter = new LineSplitter();
  let goodEnd = 0;
  const records = chunks.flatMap((chunk) => {
    const block = splitter.push(chunk);
    if (block?.malformed) throw new Error(block.malformed.message);
    goodEnd = block?.goodEnd ?? goodEnd;
    return block ? recordsOf(block) : [];
  });
  return { records, ...splitter.finish(), trailing: textAfter(chunks, goodEnd) };
}

function splitAt(bytes: Uint8Array, ...positions: number[]): Uint8Array[] {
  const bounds = [0, ...positions, bytes.length];
  return bounds.slice(1).map((end, index) => bytes.subarray(bounds[index], end));
}

function inChunksOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) {
    chunks.push(bytes.subarray(start, start + size));
  }
  return chunks;
}

// Deterministic, so a failure can be replayed.
function randomChunks(bytes: Uint8Array, maxSize: number, seed: number): Uint8Array[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length;) {
    const end = start + 1 + Math.floor(next() * maxSize);
    chunks.push(bytes.subarray(start, end));
    start = end;
  }
  return chunks;
}

function malformedError(body: string): MalformedLine & { recordsBefore: LineRecord[] } {
  const block = new LineSplitter().push(encoder.encode(body));
  if (!block?.malformed) throw new Error('expected a malformed line');
  return { ...block.malformed, recordsBefore: recordsOf(block) };
}

const ID_A = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const ID_B = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const ID_C = 'cccccccccccccccccccccccccccccccc';

describe('LineSplitter', () => {
  it('turns id<TAB>json lines into records with the JSON text untouched', () => {
    const body = `${ID_A}\t{"id":"${ID_A}","n":1}\n${ID_B}\t{"id": "${ID_B}", "n": 2.50}\n`;

    expect(read([encoder.encode(body)])).toEqual({
      records: [
        { id: ID_A, raw: `{"id":"${ID_A}","n":1}` },
        { id: ID_B, raw: `{"id": "${ID_B}", "n": 2.50}` },
      ],
      complete: true,
      trailing: '',
    });
  });

  describe('with lines and characters split across chunks', () => {
    // Multi-byte characters of 2, 3 and 4 bytes, a tab and an escaped newline inside the JSON,
    // and a `\r\n` line end.
    const lines = [
      `${ID_A}\t{"name":"café 漢字 😀","note":"a\\nb"}`,
      `${ID_B}\t{"tabbed":"x\ty","emoji":"👩‍🔧"}`,
      `${ID_C}\t{"é":"ü"}`,
    ];
    const body = encoder.encode(`${lines[0]}\n${lines[1]}\r\n${lines[2]}\n`);
    const expected: LineRecord[] = [
      { id: ID_A, raw: `{"name":"café 漢字 😀","note":"a\\nb"}` },
      { id: ID_B, raw: `{"tabbed":"x\ty","emoji":"👩‍🔧"}` },
      { id: ID_C, raw: '{"é":"ü"}' },
    ];

    it('reads the same records whatever byte the body is split at', () => {
      for (let position = 0; position <= body.length; position += 1) {
        expect(read(splitAt(body, position)), `split at byte ${position}`).toEqual({
          records: expected,
          complete: true,
          trailing: '',
        });
      }
    });

    it('reads the same records whatever two bytes the body is split at', () => {
      for (let first = 1; first < body.length; first += 1) {
        for (let second = first; second < body.length; second += 1) {
          expect(read(splitAt(body, first, second)).records).toEqual(expected);
        }
      }
    });

    it('reads the same records from one byte at a time', () => {
      expect(read(inChunksOf(body, 1)).records).toEqual(expected);
    });
  });

  it('hands out every chunk as it came, and where the good lines end', () => {
    const body = encoder.encode(`\uFEFF${ID_A}\t{"é":1}\r\n\n${ID_B}\t{}\n${ID_C}\t{"cut":`);
    const splitter = new LineSplitter();
    const blocks = inChunksOf(body, 7).flatMap((chunk) => splitter.push(chunk) ?? []);
    const stored = Buffer.concat(blocks.map((block) => block.bytes));

    expect(stored.equals(body)).toBe(true);
    expect(blocks.at(-1)?.goodEnd).toBe(body.lastIndexOf(0x0a) + 1);
    // The byte order mark stays in the bytes but not in the first id.
    expect(blocks.flatMap(recordsOf).map(({ id }) => id)).toEqual([ID_A, ID_B]);
    expect(splitter.finish()).toEqual({ complete: false });
    expect(textAfter([body], blocks.at(-1)!.goodEnd)).toBe(`${ID_C}\t{"cut":`);
  });

  it('splits at the first tab only', () => {
    const body = `${ID_A}\t{"a":"\t"}\t\n`;

    expect(read([encoder.encode(body)]).records).toEqual([{ id: ID_A, raw: '{"a":"\t"}\t' }]);
  });

  it('keeps escaped newlines, which are two characters of JSON text', () => {
    const raw = String.raw`{"text":"line one\nline two\r\n"}`;

    expect(read([encoder.encode(`${ID_A}\t${raw}\n`)]).records).toEqual([{ id: ID_A, raw }]);
  });

  it('drops the carriage return of a \\r\\n line end, also when the \\n comes in the next chunk', () => {
    expect(read([encoder.encode(`${ID_A}\t{}\r`), encoder.encode('\n')])).toEqual({
      records: [{ id: ID_A, raw: '{}' }],
      complete: true,
      trailing: '',
    });
  });

  it('skips empty lines', () => {
    const body = `\n${ID_A}\t{}\n\r\n\n${ID_B}\t{}\n`;

    expect(read([encoder.encode(body)]).records).toEqual([
      { id: ID_A, raw: '{}' },
      { id: ID_B, raw: '{}' },
    ]);
  });

  it('treats an empty body as complete', () => {
    expect(read([])).toEqual({ records: [], complete: true, trailing: '' });
    expect(read([new Uint8Array(0)])).toEqual({ records: [], complete: true, trailing: '' });
    // A byte order mark alone is an empty body too; part of one is a body cut short.
    expect(read([encoder.encode('\uFEFF')])).toMatchObject({ records: [], complete: true });
    expect(read([encoder.encode('\uFEFF').subarray(0, 2)])).toMatchObject({ complete: false });
  });

  describe('when the body was cut', () => {
    it('holds back the unterminated last line as trailing text', () => {
      const body = `${ID_A}\t{"n":1}\n${ID_B}\t{"n":`;

      expect(read([encoder.encode(body)])).toEqual({
        records: [{ id: ID_A, raw: '{"n":1}' }],
        complete: false,
        trailing: `${ID_B}\t{"n":`,
      });
    });

    it('reports a body that stops after a carriage return as cut', () => {
      expect(read([encoder.encode(`${ID_A}\t{}\r`)])).toMatchObject({ complete: false });
    });

    it('reports a body that stops inside a multi-byte character as cut, not malformed', () => {
      const body = encoder.encode(`${ID_A}\t{}\n${ID_B}\t{"a":"😀"}\n`);
      const cutInsideEmoji = body.indexOf(0xf0) + 2;

      expect(read([body.subarray(0, cutInsideEmoji)])).toEqual({
        records: [{ id: ID_A, raw: '{}' }],
        complete: false,
        trailing: `${ID_B}\t{"a":"`,
      });
    });
  });

  describe('refuses malformed lines, naming the line', () => {
    it('a line without a tab', () => {
      const error = malformedError(`${ID_A}\t{}\n\n<html>Bad Gateway</html>\n`);

      expect(error.lineNumber).toBe(3);
      expect(error.preview).toBe('<html>Bad Gateway</html>');
      expect(error.message).toMatch(/line 3\b.*no tab/i);
    });

    it('handing over the good records of the same chunk that came before it', () => {
      const error = malformedError(`${ID_A}\t{}\n${ID_B}\t{"b":1}\nnot a record\n${ID_A}\t{}\n`);

      expect(error.lineNumber).toBe(3);
      expect(error.recordsBefore).toEqual([
        { id: ID_A, raw: '{}' },
        { id: ID_B, raw: '{"b":1}' },
      ]);
    });

    it('a line with nothing before its tab', () => {
      const error = malformedError(`\t{"id":"${ID_A}"}\n`);

      expect(error.lineNumber).toBe(1);
      expect(error.message).toMatch(/no object id/);
    });

    it('a line whose text after the tab is not a JSON object', () => {
      const error = malformedError(`${ID_A}\t{}\n${ID_B}\tgarbage\n`);

      expect(error.lineNumber).toBe(2);
      expect(error.preview).toBe(`${ID_B}\tgarbage`);
    });

    it('a preview shortened for a long line', () => {
      const error = malformedError(`${'x'.repeat(10_000)}\n`);

      expect(error.preview).toBe(`${'x'.repeat(80)}…`);
    });

    it('bytes that are not UTF-8, which would otherwise be replaced silently', () => {
      const splitter = new LineSplitter();
      splitter.push(encoder.encode(`${ID_A}\t{}\n${ID_B}\t{"a":"`));
      const block = splitter.push(Uint8Array.of(0xff, 0x22, 0x7d, 0x0a));

      expect(block?.malformed).toMatchObject({ lineNumber: 2, message: /not valid UTF-8/ });
      expect(block?.lines).toEqual([]);
      // The read stops at the bad line: nothing after it is handed out.
      expect(splitter.push(encoder.encode(`${ID_C}\t{}\n`))).toBeNull();
    });

    it('marks where the good lines before it end', () => {
      const good = `${ID_A}\t{}\n`;
      const block = new LineSplitter().push(encoder.encode(`${good}oops\n${ID_B}\t{}\n`));

      expect(block?.goodEnd).toBe(encoder.encode(good).length);
    });
  });

  it('reads a 5 MB line arriving in 1 KB chunks without slowing down', () => {
    const raw = `{"data":[${'1234567.5,'.repeat(500_000)}0]}`;
    const body = encoder.encode(`${ID_A}\t${raw}\n${ID_B}\t{}\n`);

    const { records, complete } = read(inChunksOf(body, 1024));

    expect(complete).toBe(true);
    expect(records.map(({ id }) => id)).toEqual([ID_A, ID_B]);
    expect(records[0]?.raw).toBe(raw);
  });

  it('reads a real database dump pushed in random-size chunks into exactly its lines', () => {
    const bytes = readRealFixture('brep-meshes.store.tsv');
    const expected = bytes
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [id = '', raw = ''] = line.split('\t');
        return { id, raw };
      });

    for (const seed of [1, 2, 3]) {
      const { records, complete, trailing } = read(randomChunks(bytes, 70_000, seed));

      expect({ complete, trailing }).toEqual({ complete: true, trailing: '' });
      expect(records).toHaveLength(103);
      expect(records).toEqual(expected);
    }
    const parsedIds = read([bytes]).records.map(
      ({ raw }) => (JSON.parse(raw) as { id: string }).id,
    );
    expect(parsedIds).toEqual(expected.map(({ id }) => id));
  });
});

describe('lines whose JSON text is not whole', () => {
  /** The ids of the lines the splitter marks, reading the body in chunks of `size` bytes. */
  function damagedIds(body: string, size = Infinity): string[] {
    const splitter = new LineSplitter();
    const bytes = encoder.encode(body);
    const chunks = Number.isFinite(size) ? inChunksOf(bytes, size) : [bytes];
    return chunks.flatMap((chunk) => {
      const block = splitter.push(chunk);
      if (!block) return [];
      const records = recordsOf(block);
      return block.damaged.map((index) => records[index]!.id);
    });
  }

  it('marks none of the real database dump, nor compact, spaced or id-less objects', () => {
    const dump = readRealFixture('brep-meshes.store.tsv').toString('utf8');
    expect(damagedIds(dump)).toEqual([]);
    expect(damagedIds(dump, 997)).toEqual([]);
    const whole = [
      `${ID_A}\t{"id":"${ID_A}","speckle_type":"Base"}`,
      `${ID_B}\t{"id": "${ID_B}", "speckle_type": "Base"}`,
      // The database puts shorter keys first: a point's "x" before its id.
      `${ID_C}\t{"x": 1, "y": 2, "z": 3, "id": "${ID_C}"}`,
      `${ID_A}\t{}`,
    ];
    expect(damagedIds(`${whole.join('\n')}\r\n`)).toEqual([]);
  });

  it('marks a text cut short, as the support case had it, and keeps the line', () => {
    const cut = `${ID_B}\t{"speckle_type": "Objects.Geometry.Mesh", "vertices": [1.5, 2.25, `;
    const body = `${ID_A}\t{"id":"${ID_A}"}\n${cut}\n${ID_C}\t{"id": "${ID_C}"}\n`;

    expect(damagedIds(body)).toEqual([ID_B]);
    expect(damagedIds(body, 7)).toEqual([ID_B]);
    const block = new LineSplitter().push(encoder.encode(body));
    expect(recordsOf(block!).map(({ id }) => id)).toEqual([ID_A, ID_B, ID_C]);
    expect(block?.malformed).toBeNull();
  });

  it("marks a text whose leading id is another object's, or is cut inside it", () => {
    const body = [
      `${ID_A}\t{"id":"${ID_B}","speckle_type":"Base"}`,
      `${ID_B}\t{"id": "${ID_B.slice(0, 20)}"}`,
      `${ID_C}\t{"id":"${ID_C}x"}`,
      `${ID_C}\t{"id"}`,
      `${ID_A}\t{`,
    ].join('\n');

    expect(damagedIds(`${body}\n`)).toEqual([ID_A, ID_B, ID_C, ID_C, ID_A]);
  });
});
